import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { message } from '@/i18n';
import { newsCategoryLabel } from '@/entities/slide/slide';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import {
  DEFAULT_LOCATION,
  DEFAULT_NEWS_CATEGORY,
  DYNAMIC_CONTENT_TYPES,
  LOCATION_RULE,
  NEWS_SERVICE_CATEGORIES,
  REFRESH_INTERVAL,
} from '@/lib/dynamic-content';

const INTERVAL_MESSAGE = message('builder:testPage.config.interval', {
  min: REFRESH_INTERVAL.min,
  max: REFRESH_INTERVAL.max,
});

export const testDynamicSchema = z.object({
  type: z.enum(DYNAMIC_CONTENT_TYPES),
  location: z
    .string()
    .trim()
    .min(1, message('builder:testPage.config.locationRequired'))
    .max(LOCATION_RULE.max, message('builder:testPage.config.locationTooLong', { max: LOCATION_RULE.max }))
    .regex(LOCATION_RULE.pattern, message('builder:testPage.config.locationCharacters')),
  category: z.enum(NEWS_SERVICE_CATEGORIES),
  refreshInterval: z
    .number(INTERVAL_MESSAGE)
    .int(INTERVAL_MESSAGE)
    .min(REFRESH_INTERVAL.min, INTERVAL_MESSAGE)
    .max(REFRESH_INTERVAL.max, INTERVAL_MESSAGE),
});

export type TestDynamicValues = z.infer<typeof testDynamicSchema>;

export const testDynamicDefaults: TestDynamicValues = {
  type: 'weather',
  location: DEFAULT_LOCATION,
  category: DEFAULT_NEWS_CATEGORY,
  refreshInterval: REFRESH_INTERVAL.default,
};

export interface TestDynamicConfigProps {
  form: UseFormReturn<TestDynamicValues>;
}

/** The Configuration panel: what the preview shows. Changes apply as they are made. */
export function TestDynamicConfig({ form }: TestDynamicConfigProps) {
  const { t } = useTranslation('builder');
  const { register, formState, watch } = form;
  const type = watch('type');
  const typeOptions = DYNAMIC_CONTENT_TYPES.map((value) => ({ value, label: t(`testPage.types.${value}`) }));
  const categoryOptions = NEWS_SERVICE_CATEGORIES.map((value) => ({ value, label: newsCategoryLabel(value) }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('testPage.config.title')}</CardTitle>
        <CardDescription>{t('testPage.config.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" noValidate onSubmit={(event) => event.preventDefault()}>
          <Field label={t('testPage.config.type')} error={formState.errors.type?.message}>
            {({ invalid, ...control }) => (
              <Select {...control} invalid={invalid} options={typeOptions} {...register('type')} />
            )}
          </Field>
          <Field
            label={t('testPage.config.location')}
            error={formState.errors.location?.message}
            hint={type === 'weather' ? t('testPage.config.locationHint') : t('testPage.config.locationUnused')}
          >
            {({ invalid, ...control }) => (
              <Input
                {...control}
                invalid={invalid}
                placeholder={t('testPage.config.locationPlaceholder')}
                {...register('location')}
              />
            )}
          </Field>
          <Field
            label={t('testPage.config.category')}
            error={formState.errors.category?.message}
            hint={type === 'news' ? undefined : t('testPage.config.categoryUnused')}
          >
            {({ invalid, ...control }) => (
              <Select {...control} invalid={invalid} options={categoryOptions} {...register('category')} />
            )}
          </Field>
          <Field
            label={t('testPage.config.refresh')}
            error={formState.errors.refreshInterval?.message}
            hint={t('testPage.config.refreshHint', { min: REFRESH_INTERVAL.min, max: REFRESH_INTERVAL.max })}
          >
            {({ invalid, ...control }) => (
              <Input
                {...control}
                invalid={invalid}
                type="number"
                inputMode="numeric"
                min={REFRESH_INTERVAL.min}
                max={REFRESH_INTERVAL.max}
                step={1}
                {...register('refreshInterval', { valueAsNumber: true })}
              />
            )}
          </Field>
        </form>
      </CardContent>
    </Card>
  );
}

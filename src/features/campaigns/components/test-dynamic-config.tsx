import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
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

const INTERVAL_MESSAGE = `Refresh interval must be between ${REFRESH_INTERVAL.min} and ${REFRESH_INTERVAL.max} seconds`;

export const testDynamicSchema = z.object({
  type: z.enum(DYNAMIC_CONTENT_TYPES),
  location: z
    .string()
    .trim()
    .min(1, 'Enter a city name')
    .max(LOCATION_RULE.max, `Location must be at most ${LOCATION_RULE.max} characters`)
    .regex(LOCATION_RULE.pattern, 'Use only letters, digits, spaces, commas, periods, hyphens and apostrophes'),
  category: z.enum(NEWS_SERVICE_CATEGORIES),
  refreshInterval: z
    .number({ error: INTERVAL_MESSAGE })
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

const capitalise = (value: string) => `${value.charAt(0).toUpperCase()}${value.slice(1)}`;
const TYPE_OPTIONS = DYNAMIC_CONTENT_TYPES.map((value) => ({ value, label: capitalise(value) }));
const CATEGORY_OPTIONS = NEWS_SERVICE_CATEGORIES.map((value) => ({ value, label: capitalise(value) }));

export interface TestDynamicConfigProps {
  form: UseFormReturn<TestDynamicValues>;
}

/** The Configuration panel: what the preview shows. Changes apply as they are made. */
export function TestDynamicConfig({ form }: TestDynamicConfigProps) {
  const { register, formState, watch } = form;
  const type = watch('type');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Configuration</CardTitle>
        <CardDescription>Changes show in the preview as you make them.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" noValidate onSubmit={(event) => event.preventDefault()}>
          <Field label="Content Type" error={formState.errors.type?.message}>
            {({ invalid, ...control }) => (
              <Select {...control} invalid={invalid} options={TYPE_OPTIONS} {...register('type')} />
            )}
          </Field>
          <Field
            label="Location"
            error={formState.errors.location?.message}
            hint={type === 'weather' ? 'City for the weather.' : 'Used by weather content only.'}
          >
            {({ invalid, ...control }) => (
              <Input {...control} invalid={invalid} placeholder="Enter city name" {...register('location')} />
            )}
          </Field>
          <Field
            label="News Category"
            error={formState.errors.category?.message}
            hint={type === 'news' ? undefined : 'Used by news content only.'}
          >
            {({ invalid, ...control }) => (
              <Select {...control} invalid={invalid} options={CATEGORY_OPTIONS} {...register('category')} />
            )}
          </Field>
          <Field
            label="Refresh Interval (seconds)"
            error={formState.errors.refreshInterval?.message}
            hint={`${REFRESH_INTERVAL.min} to ${REFRESH_INTERVAL.max} seconds.`}
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

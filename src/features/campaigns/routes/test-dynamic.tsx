import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DynamicContent } from '@/components/dynamic-content/dynamic-content';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { refreshIntervalSeconds, type DynamicContentSettings } from '@/lib/dynamic-content';
import {
  TestDynamicConfig,
  testDynamicDefaults,
  testDynamicSchema,
  type TestDynamicValues,
} from '../components/test-dynamic-config';
import { TestDynamicGuide } from '../components/test-dynamic-guide';

/** How long typing in the location waits before the preview asks for it. */
const LOCATION_DEBOUNCE_MS = 500;

/** The settings a slide of this type would carry: location only for weather, category only for news. */
export function previewSettings(values: TestDynamicValues, location: string): DynamicContentSettings {
  const refresh_interval = refreshIntervalSeconds({ refresh_interval: values.refreshInterval });
  switch (values.type) {
    case 'weather':
      return { location, refresh_interval };
    case 'news':
      return { category: values.category, refresh_interval };
    case 'sports':
      return { refresh_interval };
  }
}

export function TestDynamicRoute() {
  const { t } = useTranslation('builder');
  const form = useForm<TestDynamicValues>({
    resolver: zodResolver(testDynamicSchema),
    defaultValues: testDynamicDefaults,
    mode: 'onChange',
  });
  const values = { ...testDynamicDefaults, ...useWatch({ control: form.control }) };
  const location = useDebouncedValue(values.location.trim(), LOCATION_DEBOUNCE_MS);
  const settings = previewSettings(values, location);
  // A field the form refuses (its message is at the field) is never sent to the server: the
  // preview waits for a configuration that is valid, so only one message shows.
  const valid = testDynamicSchema.safeParse(values).success;

  return (
    <ContentLayout title={t('testPage.title')} description={t('testPage.description')}>
      <div className="grid gap-6 lg:grid-cols-3">
        <TestDynamicConfig form={form} />
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t('testPage.preview')}</CardTitle>
            <CardDescription>{t(`testPage.previewAs.${values.type}`)}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <div
              role="region"
              aria-label={t('testPage.previewRegion')}
              className="aspect-video overflow-hidden rounded-md border border-gray-200"
            >
              {valid ? (
                <DynamicContent type={values.type} settings={settings} />
              ) : (
                <p className="flex size-full items-center justify-center bg-gray-50 p-6 text-center text-sm text-gray-600">
                  {t('testPage.invalid')}
                </p>
              )}
            </div>
            <ul className="list-disc space-y-1 pl-5 text-sm text-gray-600">
              <li>{t('testPage.notes.renderer')}</li>
              <li>{t('testPage.notes.refresh', { seconds: settings.refresh_interval })}</li>
              <li>{t('testPage.notes.settings')}</li>
              <li>{t('testPage.notes.samples')}</li>
            </ul>
          </CardContent>
        </Card>
      </div>
      <TestDynamicGuide />
    </ContentLayout>
  );
}

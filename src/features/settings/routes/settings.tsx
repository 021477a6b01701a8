import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/content-layout';
import { AlertSettingsSection } from '../components/alert-settings-form';
import { CurrencySettingsSection } from '../components/currency-settings-form';
import { FallbackImageSection } from '../components/fallback-image-section';
import { NetworkSettingsSection } from '../components/network-settings-form';
import { TwoFactorSettings } from '../components/two-factor-settings';

/** The settings page: what the network tells admins about its screens, its loops, and how they sign in. */
export function SettingsRoute() {
  const { t } = useTranslation('settings');
  return (
    <ContentLayout title={t('title')} description={t('description')}>
      <AlertSettingsSection />
      <NetworkSettingsSection />
      <CurrencySettingsSection />
      <FallbackImageSection />
      <TwoFactorSettings />
    </ContentLayout>
  );
}

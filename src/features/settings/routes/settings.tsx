import { ContentLayout } from '@/components/layouts/content-layout';
import { AlertSettingsSection } from '../components/alert-settings-form';
import { FallbackImageSection } from '../components/fallback-image-section';
import { NetworkSettingsSection } from '../components/network-settings-form';
import { TwoFactorSettings } from '../components/two-factor-settings';

/** The settings page: what the network tells admins about its screens, its loops, and how they sign in. */
export function SettingsRoute() {
  return (
    <ContentLayout title="Settings" description="How the network tells you about its screens, and how you sign in.">
      <AlertSettingsSection />
      <NetworkSettingsSection />
      <FallbackImageSection />
      <TwoFactorSettings />
    </ContentLayout>
  );
}

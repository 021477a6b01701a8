import { ContentLayout } from '@/components/layouts/content-layout';
import { AlertSettingsSection } from '../components/alert-settings-form';

/** The settings page: what the network tells admins about its screens, and how. */
export function SettingsRoute() {
  return (
    <ContentLayout title="Settings" description="How the network tells you about its screens.">
      <AlertSettingsSection />
    </ContentLayout>
  );
}

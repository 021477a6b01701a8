// The screen a team member sees when the network requires two-factor sign-in and they have
// not set it up yet: the back office refuses them until they have (public.team_role()), so
// the guard shows this instead of pages that would stay empty. Once the first code is
// confirmed the session is aal2 and the guard lets them through.
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ProductMark } from '@/components/ui/product-mark';
import { useSignOut } from '@/lib/auth';
import { TwoFactorSettings } from '@/features/settings/components/two-factor-settings';

export function EnrolSecondFactor() {
  const { t } = useTranslation('auth');
  const signOut = useSignOut();
  return (
    <main className="flex min-h-full items-start justify-center bg-gray-50 p-6">
      <div className="w-full max-w-xl space-y-4">
        <ProductMark />
        <h1 className="text-2xl font-semibold text-gray-900">{t('enrol.title')}</h1>
        <Alert tone="warning">{t('enrol.required')}</Alert>
        <TwoFactorSettings />
        <Button variant="ghost" isLoading={signOut.isPending} onClick={() => signOut.mutate()}>
          {t('enrol.signOut')}
        </Button>
      </div>
    </main>
  );
}

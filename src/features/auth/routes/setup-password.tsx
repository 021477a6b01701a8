import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { translate } from '@/i18n';
import { useSetupPassword } from '../api/setup-password';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordForm } from '../components/new-password-form';
import { useRedirectAfter } from './redirect-after';
import { REDIRECT_AFTER_PASSWORD_MS } from './reset-password';

/** What the page shows when the setup-password function answers that no one is signed in. */
const notSignedIn = () => translate('auth:errors.notSignedIn');

export function SetupPasswordRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const setup = useSetupPassword();
  useRedirectAfter(setup.isSuccess ? paths.auth.signIn.getHref() : null, REDIRECT_AFTER_PASSWORD_MS);

  return (
    <AuthLayout
      title={t('setup.title')}
      description={email ? t('setup.descriptionFor', { email }) : t('setup.description')}
    >
      {setup.isSuccess && <Alert tone="success">{t('setup.done')}</Alert>}
      {setup.error && (
        <Alert tone="danger">
          {setup.error.message || t('setup.failed')}
          {setup.error.message === notSignedIn() && (
            <>
              {'\n'}
              <Trans
                t={t}
                i18nKey="setup.notSignedInHelp"
                components={{ anchor: <Link to={paths.auth.signIn.getHref()} className="font-medium underline" /> }}
              />
            </>
          )}
        </Alert>
      )}
      <NewPasswordForm
        submitLabel={t('setup.submit')}
        isPending={setup.isPending}
        disabled={setup.isSuccess}
        onSubmit={({ password }) => setup.mutate({ email, password })}
      />
    </AuthLayout>
  );
}

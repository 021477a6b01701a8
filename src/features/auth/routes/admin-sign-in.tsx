import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { needsSecondFactor } from '@/lib/second-factor';
import { useVerifySecondFactor } from '../api/verify-second-factor';
import { AdminSignInForm } from '../components/admin-sign-in-form';
import { AuthLayout } from '../components/auth-layout';
import { SecondFactorForm } from '../components/second-factor-form';

/**
 * The admin sign-in: e-mail and password, then, for an admin who turned on two-factor
 * sign-in, the code of their authenticator app (the session becomes aal2, which the
 * database requires of that admin). An admin whose session still waits for the code is
 * sent here by the route guard and gets the code step straight away.
 */
export function AdminSignInRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const auth = useAuth();
  const toDashboard = () => void navigate(paths.dashboard.root.getHref(), { replace: true });
  const verify = useVerifySecondFactor({ onSuccess: toDashboard });
  const askCode =
    (auth.status === 'signed-in' && needsSecondFactor(auth.session)) || verify.isPending || verify.isSuccess;
  return (
    <AuthLayout
      title={
        <>
          <span className="sr-only">{t('layout.productPrefix')}</span>
          {askCode ? t('admin.twoFactorTitle') : t('admin.title')}
        </>
      }
      description={askCode ? t('admin.twoFactorDescription') : t('admin.description')}
      footer={
        <div className="space-y-1">
          <p>
            <Link to={paths.auth.forgotPassword.getHref()} className="font-medium text-brand-700 underline">
              {t('admin.forgot')}
            </Link>
          </p>
          <p>
            <Trans
              t={t}
              i18nKey="admin.customerLink"
              components={{
                anchor: <Link to={paths.auth.signIn.getHref()} className="font-medium text-brand-700 underline" />,
              }}
            />
          </p>
        </div>
      }
    >
      {askCode ? (
        <SecondFactorForm verify={verify} />
      ) : (
        <AdminSignInForm onSuccess={(session) => !needsSecondFactor(session) && toDashboard()} />
      )}
    </AuthLayout>
  );
}

import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthLayout } from '../components/auth-layout';
import { CustomerSignInForm } from '../components/customer-sign-in-form';

export function CustomerSignInRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout
      title={
        <>
          <span className="sr-only">{t('layout.productPrefix')}</span>
          {t('customer.title')}
        </>
      }
      description={t('customer.description')}
      footer={
        <div className="space-y-1">
          <p>
            <Trans
              t={t}
              i18nKey="customer.adminLink"
              components={{
                anchor: <Link to={paths.admin.signIn.getHref()} className="font-medium text-brand-700 underline" />,
              }}
            />
          </p>
          <p>
            <Trans
              t={t}
              i18nKey="customer.screenLink"
              components={{
                anchor: <Link to={paths.screen.getHref()} className="font-medium text-brand-700 underline" />,
              }}
            />
          </p>
        </div>
      }
    >
      <CustomerSignInForm />
    </AuthLayout>
  );
}

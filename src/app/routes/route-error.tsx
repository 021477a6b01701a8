import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorScreen } from '@/components/errors/error-screen';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/components/ui/error-state';

/** What a route shows when it fails to render or load. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorScreen title={`${error.status} ${error.statusText}`} message={String(error.data ?? '')} />;
  }
  return <ErrorScreen message={error instanceof Error ? errorMessage(error) : t('errors.unexpected')} />;
}

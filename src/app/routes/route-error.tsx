import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorScreen } from '@/components/errors/error-screen';

/** What a route shows when it fails to render or load. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorScreen title={`${error.status} ${error.statusText}`} message={String(error.data ?? '')} />;
  }
  return <ErrorScreen message={error instanceof Error ? error.message : 'An unexpected error occurred'} />;
}

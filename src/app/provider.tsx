import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ToastProvider } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';
import { queryClient as appQueryClient } from '@/lib/query-client';
import '@/i18n';

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass a fresh client; the app uses its singleton. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient = appQueryClient }: AppProviderProps) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {/* A language other than English arrives as one chunk; screens wait for it, not for English. */}
          <Suspense fallback={null}>
            <ToastProvider>{children}</ToastProvider>
          </Suspense>
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

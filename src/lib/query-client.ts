import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

export const queryConfig = {
  queries: {
    refetchOnWindowFocus: false,
    retry: 1,
    staleTime: 60 * 1000,
  },
} satisfies DefaultOptions;

export function createQueryClient(defaultOptions: DefaultOptions = queryConfig): QueryClient {
  return new QueryClient({ defaultOptions });
}

export const queryClient = createQueryClient();

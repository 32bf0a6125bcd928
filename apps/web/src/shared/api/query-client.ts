import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

// Server answers (4xx/5xx) are final: the client already refreshed tokens where the spec asks for it.
// Only a request that never reached the server is tried once more.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => isApiError(error) && error.httpStatus === 0 && failureCount < 1,
    },
    mutations: { retry: false },
  },
});

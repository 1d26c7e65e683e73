import { QueryClient } from '@tanstack/react-query';
import { getQueryFn, isDatabaseUnavailable } from './api-client';

/** Reads retried while the server cannot reach its database: every 5 s (its Retry-After), for 2 minutes. */
export const DATABASE_RETRY_DELAY_MS = 5_000;
const DATABASE_RETRIES = 24;

/**
 * No refetch interval, no refetch on focus, data never stale, no retries, except that a read the
 * server refused because its database was unreachable is tried again (writes are not: the user decides).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: (failures, err) => isDatabaseUnavailable(err) && failures < DATABASE_RETRIES,
        retryDelay: DATABASE_RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
}

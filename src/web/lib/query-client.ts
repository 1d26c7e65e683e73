import { QueryClient } from '@tanstack/react-query';
import { getQueryFn, isDatabaseUnavailable, isServerUnreachable } from './api-client';

/** Reads retried while the server cannot reach its database: every 5 s (its Retry-After), for 2 minutes. */
export const DATABASE_RETRY_DELAY_MS = 5_000;
const DATABASE_RETRIES = 24;
/** Reads that got no answer are retried until one comes: after 1 s, 2 s, 4 s… at most every 30 s. */
export const UNREACHABLE_MAX_DELAY_MS = 30_000;

/**
 * No refetch interval, no refetch on focus, data never stale, no retries, except for reads that failed
 * for reasons retrying can cure: the server could not reach its database, or nothing answered at all
 * (writes are not retried: the person decides). Queries run even when the browser believes it is
 * offline, so that the page says the server cannot be reached instead of waiting silently.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        networkMode: 'always',
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: (failures, err) => isServerUnreachable(err) || (isDatabaseUnavailable(err) && failures < DATABASE_RETRIES),
        retryDelay: (failures, err) => (isServerUnreachable(err) ? Math.min(1_000 * 2 ** failures, UNREACHABLE_MAX_DELAY_MS) : DATABASE_RETRY_DELAY_MS),
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

/** Fetches again, now, every query that failed or is waiting to retry (the Retry button, and coming back online). */
export function retryFailedQueries(client: QueryClient): Promise<void> {
  return client.refetchQueries({ predicate: (q) => q.state.status === 'error' || q.state.fetchFailureCount > 0 });
}

import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../shared/schemas/auth';
import { getQueryFn } from './api-client';
import { queryKeys } from './query-keys';

/**
 * Signed in if and only if the current-user call returns data; a 401 answers null, not an error,
 * and the lookup is retried only while the server cannot be reached (so a dropped network never looks
 * like being signed out).
 */
export function useCurrentUser() {
  return useQuery<PublicUser | null>({
    queryKey: queryKeys.currentUser,
    queryFn: getQueryFn<PublicUser | null>({ on401: 'returnNull' }),
  });
}

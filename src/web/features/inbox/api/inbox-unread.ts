import { useQuery } from '@tanstack/react-query';
import { INBOX_POLL_MS } from '../../../../shared/constants';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The bell's unread count. Unlike the rest of the app's reads it is polled, and read again when the
 * window regains focus: items arrive from other members' changes, which nothing here hears about.
 */
export function useInboxUnread() {
  return useQuery<{ unread: number }>({
    queryKey: queryKeys.inboxUnread,
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}

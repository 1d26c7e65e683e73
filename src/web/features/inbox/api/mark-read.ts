import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxRead } from '../../../../shared/schemas/inbox';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { markReadInPages } from './inbox-list';

/**
 * POST /api/inbox/read. The items lose their mark at once; the server's answer is the unread count left,
 * which the bell shows without waiting for its next poll. On failure the pages are read again, so that
 * what shows as read is what the server holds.
 */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InboxRead) => apiRequest<{ unread: number }>('POST', '/api/inbox/read', input),
    onMutate: async (input) => {
      markReadInPages(qc, 'all' in input ? 'all' : input.ids);
      // A poll already under way would answer the count from before, after this answer.
      await qc.cancelQueries({ queryKey: queryKeys.inboxUnread });
    },
    onSuccess: (answer) => qc.setQueryData(queryKeys.inboxUnread, answer),
    onError: () => void qc.invalidateQueries({ queryKey: queryKeys.inbox }),
  });
}

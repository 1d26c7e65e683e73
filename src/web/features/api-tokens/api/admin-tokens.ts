import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTokenPage } from '../../../../shared/schemas/tokens';
import { apiRequest, hasErrorCode, pathFromQueryKey } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

const PAGE_SIZE = '50';

/** Every member's tokens, newest first, as one list fetched a keyset page at a time. */
export function useAdminTokens() {
  return useInfiniteQuery({
    queryKey: queryKeys.adminApiTokens,
    initialPageParam: '',
    queryFn: ({ pageParam }) => apiRequest<AdminTokenPage>('GET', pathFromQueryKey([queryKeys.adminApiTokens[0], { limit: PAGE_SIZE, cursor: pageParam }])),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Tokens are made by every member and used by their scripts: opening the screen always asks again.
    staleTime: 0,
  });
}

/**
 * Revokes anyone's token. The pages loaded so far are fetched again (the row leaves after the dialog
 * has closed, so focus can move on from its button); a token already gone refreshes them too.
 */
export function useRevokeAnyToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<undefined>('DELETE', `/api/admin/tokens/${id}`),
    onSuccess: () => refreshAfter.tokenChange(qc),
    onError: (err) => {
      if (hasErrorCode(err, 'token_not_found')) refreshAfter.tokenChange(qc);
    },
  });
}

import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewQueue } from '../../../../shared/schemas/status';
import { apiRequest, pathFromQueryKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const PAGE_SIZE = '50';

/**
 * The signed-in curator's review queue, oldest review date first, a keyset page at a time. Under the
 * queue's own key, so that a status change anywhere (useChangeStatus) reads it again.
 */
export function useReviewQueue(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [queryKeys.reviewQueue[0], { limit: PAGE_SIZE }],
    initialPageParam: '',
    queryFn: ({ pageParam }) => apiRequest<ReviewQueue>('GET', pathFromQueryKey([queryKeys.reviewQueue[0], { limit: PAGE_SIZE, cursor: pageParam }])),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Verifications run out with time, not only with changes made here: opening the page asks again.
    staleTime: 0,
    enabled,
  });
}

import { type InfiniteData, type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxList } from '../../../../shared/schemas/inbox';
import { apiRequest, pathFromQueryKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const PAGE_SIZE = '50';

const listKey = (unreadOnly: boolean) => [queryKeys.inbox[0], { unread: String(unreadOnly), limit: PAGE_SIZE }] as const;

/**
 * The member's inbox, newest first, a keyset page at a time; `unreadOnly` for the Unread tab. Each page
 * carries the unread count, which the bell is given too, so that the two never disagree on this page.
 */
export function useInboxList(unreadOnly: boolean) {
  const qc = useQueryClient();
  return useInfiniteQuery({
    queryKey: listKey(unreadOnly),
    initialPageParam: '',
    queryFn: async ({ pageParam }) => {
      const page = await apiRequest<InboxList>('GET', pathFromQueryKey([queryKeys.inbox[0], { ...listKey(unreadOnly)[1], cursor: pageParam }]));
      qc.setQueryData(queryKeys.inboxUnread, { unread: page.unread });
      return page;
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Items arrive from other members' changes: opening the page or switching tabs asks again.
    staleTime: 0,
  });
}

/** Marks items read in every loaded page at once, so they lose their unread mark before the server answers. */
export function markReadInPages(qc: QueryClient, ids: readonly string[] | 'all') {
  const now = new Date().toISOString();
  qc.setQueriesData<InfiniteData<InboxList>>({ queryKey: queryKeys.inbox }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((i) => (i.readAt === null && (ids === 'all' || ids.includes(i.id)) ? { ...i, readAt: now } : i)),
          })),
        }
      : data,
  );
}

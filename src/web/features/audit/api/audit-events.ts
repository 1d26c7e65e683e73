import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditFilters, AuditPage } from '../../../../shared/schemas/audit';
import { apiRequest, pathFromQueryKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const PAGE_SIZE = '50';

/** The key of one filtered view: the URL, then the filters as query parameters. */
export function auditEventsKey(filters: AuditFilters) {
  return [
    queryKeys.adminAudit[0],
    {
      actor: filters.actor ?? '',
      action: filters.action ?? '',
      targetType: filters.targetType ?? '',
      from: filters.from ?? '',
      to: filters.to ?? '',
      hideSignIns: filters.hideSignIns ? 'true' : '',
    },
  ] as const;
}

/** The log, newest first, as one list fetched a keyset page at a time. */
export function useAuditEvents(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditEventsKey(filters),
    initialPageParam: '',
    queryFn: ({ queryKey, pageParam }) => {
      const [path, query] = queryKey;
      return apiRequest<AuditPage>('GET', pathFromQueryKey([path, { ...query, limit: PAGE_SIZE, cursor: pageParam }]));
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The log grows with every change anywhere in the app: opening the screen always asks again,
    // while the pages already seen stay on screen until the answer arrives.
    staleTime: 0,
    // A new filter keeps the current events on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessUnit } from '../../../../shared/schemas/business-units';
import type { ClusterJob, DuplicateClusterPage, OrphanedPage, TopPage, UnitHealthPage, UnusedPage } from '../../../../shared/schemas/library-health';
import type { PromptMergeResult } from '../../../../shared/schemas/merge';
import { apiRequest, pathFromQueryKey, toApiError } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-token';
import { startDownload } from '../../../lib/download';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

/** While a cluster run is under way its progress is asked for this often. */
const PROGRESS_POLL_MS = 3_000;
const PAGE_SIZE = '20';

/** The lists of Library Health, by the last part of their URL, and what a page of each holds. */
export interface HealthPages {
  units: UnitHealthPage;
  unused: UnusedPage;
  duplicates: DuplicateClusterPage;
  orphaned: OrphanedPage;
  top: TopPage;
}
export type HealthList = keyof HealthPages;
/** A list's query: the unit and the list's own options (days, by), empty strings left out. */
export type HealthParams = Record<string, string>;

const listUrl = (list: HealthList) => `${queryKeys.libraryHealth[0]}/${list}`;

/** The business units an administrator may narrow the page to (curators choose among their own). */
export const useBusinessUnitNames = (enabled: boolean) => useQuery<BusinessUnit[]>({ queryKey: queryKeys.adminBusinessUnits, enabled });

/**
 * One list, a page at a time. The near-copy page says how far the cluster job has come: while it runs
 * the list is asked for again every few seconds, so the progress moves and the new groups appear.
 */
export function useHealthList<L extends HealthList>(list: L, params: HealthParams) {
  return useInfiniteQuery({
    queryKey: [listUrl(list), params] as const,
    initialPageParam: '',
    queryFn: ({ queryKey, pageParam }) =>
      apiRequest<HealthPages[L]>('GET', pathFromQueryKey([queryKey[0], { ...queryKey[1], limit: PAGE_SIZE, cursor: pageParam }])),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const first = query.state.data?.pages[0] as Partial<DuplicateClusterPage> | undefined;
      return first?.job?.state === 'running' ? PROGRESS_POLL_MS : false;
    },
  });
}

export function useStartClusterJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ClusterJob>('POST', queryKeys.clusterJob[0]),
    onSuccess: () => qc.invalidateQueries({ queryKey: [listUrl('duplicates')] }),
  });
}

export function useMergePrompts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { keepId: string; mergeIds: string[] }) => apiRequest<PromptMergeResult>('POST', '/api/prompts/merge', input),
    onSuccess: () => {
      refreshAfter.promptChange(qc);
      // Every list may have named a merged prompt.
      void qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(queryKeys.libraryHealth[0]) });
    },
  });
}

/** A list as CSV, fetched with the member's credentials and handed to the browser as a file. */
export async function downloadHealthCsv(list: HealthList, params: HealthParams, filename: string): Promise<void> {
  const query = new URLSearchParams({ format: 'csv' });
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const token = getAuthToken();
  const res = await fetch(`${listUrl(list)}?${query.toString()}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!res.ok) throw await toApiError(res);
  const url = URL.createObjectURL(await res.blob());
  startDownload(url, filename);
  URL.revokeObjectURL(url);
}

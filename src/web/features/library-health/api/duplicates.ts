import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessUnit } from '../../../../shared/schemas/business-units';
import type { ClusterJob, DuplicateClusterPage } from '../../../../shared/schemas/library-health';
import type { PromptMergeResult } from '../../../../shared/schemas/merge';
import { apiRequest, pathFromQueryKey, toApiError } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-token';
import { startDownload } from '../../../lib/download';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

/** While a run is under way its progress is asked for this often. */
const PROGRESS_POLL_MS = 3_000;

/** The business units to narrow the page to. */
export const useBusinessUnitNames = () => useQuery<BusinessUnit[]>({ queryKey: queryKeys.adminBusinessUnits });

/**
 * The clusters, largest first, a page at a time; `unit` keeps those holding a prompt of that unit. Each
 * page says how far the job has come: while it runs they are asked for again every few seconds, so the
 * progress moves and the new groups appear when it ends.
 */
export function useDuplicateClusters(unit: string) {
  return useInfiniteQuery({
    queryKey: [queryKeys.duplicateClusters[0], { unit }] as const,
    initialPageParam: '',
    queryFn: ({ queryKey, pageParam }) =>
      apiRequest<DuplicateClusterPage>('GET', pathFromQueryKey([queryKey[0], { ...queryKey[1], limit: '20', cursor: pageParam }])),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.pages[0]?.job.state === 'running' ? PROGRESS_POLL_MS : false),
  });
}

export function useStartClusterJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ClusterJob>('POST', queryKeys.clusterJob[0]),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.duplicateClusters }),
  });
}

export function useMergePrompts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { keepId: string; mergeIds: string[] }) => apiRequest<PromptMergeResult>('POST', '/api/prompts/merge', input),
    onSuccess: () => {
      refreshAfter.promptChange(qc);
      void qc.invalidateQueries({ queryKey: queryKeys.duplicateClusters });
    },
  });
}

/** The clusters as CSV, fetched with the member's credentials and handed to the browser as a file. */
export async function downloadClustersCsv(unit: string): Promise<void> {
  const params = new URLSearchParams({ format: 'csv' });
  if (unit) params.set('unit', unit);
  const token = getAuthToken();
  const res = await fetch(`${queryKeys.duplicateClusters[0]}?${params.toString()}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!res.ok) throw await toApiError(res);
  const url = URL.createObjectURL(await res.blob());
  startDownload(url, 'near-copies.csv');
  URL.revokeObjectURL(url);
}

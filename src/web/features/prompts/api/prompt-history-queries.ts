import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Prompt, PromptVersion, PromptVersionList } from '../../../../shared/schemas/prompts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

// Keys start with '/api/prompts', so every prompt change refreshes the history too.
const versionsKey = (id: string) => [...queryKeys.prompt(id), 'versions'] as const;

/** The prompt's versions, newest first, 50 at a time. */
export function useVersionList(id: string) {
  return useInfiniteQuery({
    queryKey: versionsKey(id),
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      apiRequest<PromptVersionList>('GET', `/api/prompts/${id}/versions${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One version in full; versions never change, so it is fetched once. */
export const useVersion = (id: string, number: number | undefined) =>
  useQuery<PromptVersion>({ queryKey: [...versionsKey(id), number], enabled: number !== undefined, staleTime: Number.POSITIVE_INFINITY });

export function useRestoreVersion(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (number: number) => apiRequest<Prompt>('POST', `/api/prompts/${id}/versions/${number}/restore`),
    onSuccess: () => refreshAfter.promptChange(qc),
  });
}

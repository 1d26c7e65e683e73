import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Suggestion, SuggestionInput, SuggestionList } from '../../../../shared/schemas/suggestions';
import { apiRequest, pathFromQueryKey } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

const PAGE_SIZE = '20';

/** Which of a prompt's suggestions to list: the open ones, or every one. */
export type SuggestionFilter = 'open' | 'all';

/**
 * A prompt's suggested edits, newest first, a keyset page at a time: every one for those who decide
 * them, one's own for anyone else (the server chooses).
 */
export function usePromptSuggestions(promptId: string, status: SuggestionFilter) {
  const base = queryKeys.promptSuggestions(promptId);
  return useInfiniteQuery({
    queryKey: [...base, { status, limit: PAGE_SIZE }],
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      apiRequest<SuggestionList>('GET', pathFromQueryKey([`/api/prompts/${promptId}/suggestions`, { status, limit: PAGE_SIZE, cursor: pageParam }])),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Suggested edits across prompts: `mine` those the member made (every status), else the open ones they decide. */
export function useSuggestionList(mine: boolean) {
  const params = mine ? { status: 'all', mine: 'true', limit: PAGE_SIZE } : { status: 'open', limit: PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: [queryKeys.suggestions[0], params],
    initialPageParam: '',
    queryFn: ({ pageParam }) => apiRequest<SuggestionList>('GET', pathFromQueryKey([queryKeys.suggestions[0], { ...params, cursor: pageParam }])),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Others suggest and decide while the page is closed: opening it asks again.
    staleTime: 0,
  });
}

export function useCreateSuggestion(promptId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SuggestionInput) => apiRequest<Suggestion>('POST', `/api/prompts/${promptId}/suggestions`, input),
    onSuccess: () => refreshAfter.suggestionMade(qc, promptId),
  });
}

/** Accept (a new version of the prompt) or decline (with a reply) one suggestion. */
export function useDecideSuggestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: string; accept: true } | { id: string; accept: false; reply: string }) =>
      decision.accept
        ? apiRequest<Suggestion>('POST', `/api/suggestions/${decision.id}/accept`)
        : apiRequest<Suggestion>('POST', `/api/suggestions/${decision.id}/decline`, { reply: decision.reply }),
    onSuccess: () => refreshAfter.suggestionDecided(qc),
  });
}

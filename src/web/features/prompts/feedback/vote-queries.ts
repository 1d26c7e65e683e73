import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackNotes, VoteResult, VoteValue } from '../../../../shared/schemas/feedback';
import type { Prompt } from '../../../../shared/schemas/prompts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { patchPrompt, usedJustNowKey } from '../api/prompt-usage-queries';

const feedbackKey = (id: string) => [...queryKeys.prompt(id), 'feedback'] as const;

/**
 * Sets (`value`), changes or takes back (null) the viewer's vote. The answer's counts are written into
 * every cached list and the prompt itself; the notes of a prompt one maintains are read again.
 */
export function useVote(promptId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (vote: { value: VoteValue; note?: string } | null): Promise<VoteResult> => {
      if (vote) return apiRequest<VoteResult>('PUT', `/api/prompts/${promptId}/vote`, vote);
      await apiRequest<undefined>('DELETE', `/api/prompts/${promptId}/vote`);
      // The DELETE answers nothing: the counts are read again rather than guessed from a cached copy.
      const fresh = await apiRequest<Prompt>('GET', `/api/prompts/${promptId}`);
      return { votes: fresh.votes, myVote: null, myVoteNote: null };
    },
    onSuccess: (result) => {
      patchPrompt(qc, promptId, () => ({ votes: result.votes, myVote: result.myVote }));
      qc.setQueryData<Prompt>(queryKeys.prompt(promptId), (p) => (p ? { ...p, myVoteNote: result.myVoteNote } : p));
      void qc.invalidateQueries({ queryKey: feedbackKey(promptId) });
      void qc.invalidateQueries({ queryKey: queryKeys.prompt(promptId), exact: true });
    },
  });
}

/** The notes left with votes: for the prompt's owner, co-owners and administrators. */
export function useFeedbackNotes(promptId: string, enabled: boolean) {
  return useQuery({
    queryKey: feedbackKey(promptId),
    queryFn: () => apiRequest<FeedbackNotes>('GET', `/api/prompts/${promptId}/feedback`),
    enabled,
  });
}

/** Whether the member used the prompt (copied it, opened it in an application) since this tab opened. */
export function useUsedJustNow(promptId: string): boolean {
  const { data } = useQuery({ queryKey: usedJustNowKey(promptId), queryFn: () => false, enabled: false, staleTime: Infinity });
  return data === true;
}

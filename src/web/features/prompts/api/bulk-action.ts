import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkActionInput, BulkResult } from '../../../../shared/schemas/bulk';
import type { PromptListResponse } from '../../../../shared/schemas/prompts';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfter } from '../../../lib/query-keys';
import { ALL_PROMPTS_URL, type ListParams, listKey, MY_PROMPTS_URL } from './prompt-queries';

/** One bulk action over picked prompts or a whole filtered list; every view of prompts is refreshed after. */
export function useBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkActionInput) => apiRequest<BulkResult>('POST', `${ALL_PROMPTS_URL}/bulk`, input),
    onSuccess: () => refreshAfter.promptChange(qc),
  });
}

/**
 * How many of the member's own prompts a list view matches: what "all matching" reaches for an editor,
 * whose bulk actions the server limits to their own prompts. Only the count is read (one item).
 */
export function useOwnMatchingCount(view: ListParams, enabled: boolean) {
  const [url, query] = listKey(MY_PROMPTS_URL, view);
  return useQuery<PromptListResponse>({ queryKey: [url, { ...query, limit: '1' }], enabled });
}

/**
 * Puts trashed prompts back, a few requests at a time (there is no bulk restore). Answers how many came
 * back; a prompt whose title was taken meanwhile stays in the trash, to be restored from the Trash page.
 */
export async function restoreFromTrash(ids: readonly string[]): Promise<number> {
  let restored = 0;
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      await apiRequest('POST', `/api/trash/${id}/restore`).then(
        () => restored++,
        () => undefined,
      );
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return restored;
}

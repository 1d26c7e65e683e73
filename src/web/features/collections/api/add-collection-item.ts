import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collection } from '../../../../shared/schemas/collections';
import { apiRequest, hasErrorCode } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

const itemsUrl = (collectionId: string) => `${queryKeys.collections[0]}/${collectionId}/items`;

/** POST /api/collections/{id}/items: appends a prompt (one already there stays where it is). */
export function useAddCollectionItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, promptId }: { collectionId: string; promptId: string }) =>
      apiRequest<Collection>('POST', itemsUrl(collectionId), { promptId }),
    onSettled: () => refreshAfter.collectionItemsChange(qc),
  });
}

/** How a bulk add went: prompts added, those already there, and the refusal that stopped it, if any. */
export interface AddPromptsResult {
  added: number;
  already: number;
  error?: unknown;
}

/**
 * Adds prompts one request at a time, in their order, so the collection takes them in that order. An
 * answer's `itemCount` growing tells an added prompt from one already there. A prompt gone meanwhile is
 * passed over; any other refusal (the collection full, gone, or no longer the member's to change) stops
 * the rest and is returned with what was done.
 */
export async function addPrompts(collectionId: string, promptIds: readonly string[]): Promise<AddPromptsResult> {
  const result: AddPromptsResult = { added: 0, already: 0 };
  try {
    let count = (await apiRequest<Collection>('GET', `${queryKeys.collections[0]}/${collectionId}`)).itemCount;
    for (const promptId of promptIds) {
      try {
        const after = (await apiRequest<Collection>('POST', itemsUrl(collectionId), { promptId })).itemCount;
        if (after > count) result.added++;
        else result.already++;
        count = after;
      } catch (err) {
        if (!hasErrorCode(err, 'prompt_not_found')) throw err;
      }
    }
  } catch (err) {
    result.error = err;
  }
  return result;
}

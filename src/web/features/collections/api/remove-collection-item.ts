import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';
import { fetchCollectionOrder } from './collection-order';

const itemsUrl = (collectionId: string) => `${queryKeys.collections[0]}/${collectionId}/items`;

/** What a removal leaves to put the prompt back where it was: the order (prompt ids) it was taken from. */
export interface RemovedItem {
  collectionId: string;
  promptId: string;
  orderBefore: string[];
}

/**
 * DELETE /api/collections/{id}/items/{promptId}: takes a prompt out (the prompt itself stays). When it
 * is `undoable`, the collection's order is read first, so that an Undo can put the prompt back in its place.
 */
export function useRemoveCollectionItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ collectionId, promptId, undoable }: { collectionId: string; promptId: string; undoable?: boolean }): Promise<RemovedItem> => {
      const orderBefore = undoable ? (await fetchCollectionOrder(collectionId)).map((p) => p.id) : [];
      await apiRequest<undefined>('DELETE', `${itemsUrl(collectionId)}/${promptId}`);
      return { collectionId, promptId, orderBefore };
    },
    onSettled: () => refreshAfter.collectionItemsChange(qc),
  });
}

/**
 * Undo of a removal: adds the prompt again (at the end) and gives the collection back the order it had.
 * Answers false when the prompt is back but the order could not be restored, because the collection
 * changed meanwhile (the order named must be exactly the prompts it now holds).
 */
export function usePutBackCollectionItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ collectionId, promptId, orderBefore }: RemovedItem): Promise<boolean> => {
      await apiRequest('POST', itemsUrl(collectionId), { promptId });
      try {
        await apiRequest('PUT', itemsUrl(collectionId), { promptIds: orderBefore });
        return true;
      } catch {
        return false;
      }
    },
    onSettled: () => refreshAfter.collectionItemsChange(qc),
  });
}

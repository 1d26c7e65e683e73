import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';
import { fetchCollectionOrder } from './collection-order';

const itemsUrl = (collectionId: string) => `${queryKeys.collections[0]}/${collectionId}/items`;

/**
 * Adds the prompts again (at the end, one by one in the order given), then gives the collection back the
 * order it had: false when that order no longer fits, because the collection changed meanwhile.
 */
async function putBack(collectionId: string, promptIds: readonly string[], orderBefore: string[]): Promise<boolean> {
  for (const promptId of promptIds) await apiRequest('POST', itemsUrl(collectionId), { promptId });
  try {
    await apiRequest('PUT', itemsUrl(collectionId), { promptIds: orderBefore });
    return true;
  } catch {
    return false;
  }
}

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
    mutationFn: ({ collectionId, promptId, orderBefore }: RemovedItem) => putBack(collectionId, [promptId], orderBefore),
    onSettled: () => refreshAfter.collectionItemsChange(qc),
  });
}

/** What a removal of several prompts leaves: those taken out (in the collection's order), for Undo. */
export interface RemovedItems {
  collectionId: string;
  removed: Array<{ id: string; title: string }>;
  /** Picked prompts still in the collection because their removal was refused or failed. */
  failed: number;
  orderBefore: string[];
}

/**
 * Takes several prompts out of a collection: one DELETE each, a few at a time, since the reorder call
 * cannot drop prompts (it must name every one the member sees). The order is read first, for Undo; a
 * picked prompt no longer in it (taken out meanwhile) is left alone, so that Undo does not bring it back.
 */
export function useRemoveCollectionItems() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ collectionId, promptIds }: { collectionId: string; promptIds: readonly string[] }): Promise<RemovedItems> => {
      const before = await fetchCollectionOrder(collectionId);
      const picked = new Set(promptIds);
      const queue = before.filter((p) => picked.has(p.id));
      const gone = new Set<string>();
      let failed = 0;
      const worker = async () => {
        for (let p = queue.shift(); p; p = queue.shift()) {
          const { id } = p;
          await apiRequest<undefined>('DELETE', `${itemsUrl(collectionId)}/${id}`).then(
            () => gone.add(id),
            () => failed++,
          );
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      const removed = before.filter((p) => gone.has(p.id)).map(({ id, title }) => ({ id, title }));
      return { collectionId, removed, failed, orderBefore: before.map((p) => p.id) };
    },
    onSettled: () => refreshAfter.collectionItemsChange(qc),
  });
}

/**
 * Undo of a removal of several prompts: adds them again, one by one in their old order, then gives the
 * collection back the order it had. Answers false when they are back but at the end, because the
 * collection changed meanwhile; a prompt that cannot be added again (trashed meanwhile) is an error.
 */
export function usePutBackCollectionItems() {
  const qc = useQueryClient();
  return useMutation({
    // Prompts whose removal failed are still in the collection: the order before names them in place.
    mutationFn: ({ collectionId, removed, orderBefore }: RemovedItems) =>
      putBack(
        collectionId,
        removed.map((p) => p.id),
        orderBefore,
      ),
    onSettled: () => refreshAfter.collectionItemsChange(qc),
  });
}

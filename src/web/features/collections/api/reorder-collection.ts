import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collection } from '../../../../shared/schemas/collections';
import type { PromptListItem } from '../../../../shared/schemas/prompts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';
import { collectionOrderKey } from './collection-order';

/**
 * PUT /api/collections/{id}/items: the new order of every prompt of the collection the member sees
 * (the others keep their places). The order shows at once; a refusal puts the server's back.
 */
export function useReorderCollection(collectionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: PromptListItem[]) =>
      apiRequest<Collection>('PUT', `${queryKeys.collections[0]}/${collectionId}/items`, { promptIds: items.map((p) => p.id) }),
    onMutate: (items) => qc.setQueryData(collectionOrderKey(collectionId), items),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: collectionOrderKey(collectionId) });
      refreshAfter.collectionItemsChange(qc);
    },
  });
}

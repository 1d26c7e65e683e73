import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

/** DELETE /api/collections/{id}/items/{promptId}: takes a prompt out (the prompt itself stays). */
export function useRemoveCollectionItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, promptId }: { collectionId: string; promptId: string }) =>
      apiRequest<undefined>('DELETE', `${queryKeys.collections[0]}/${collectionId}/items/${promptId}`),
    onSettled: () => refreshAfter.collectionItemsChange(qc),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

/** DELETE /api/collections/{id}: the collection goes, its prompts stay. */
export function useDeleteCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<undefined>('DELETE', `${queryKeys.collections[0]}/${id}`),
    onSuccess: (_, id) => {
      // Its page is left at once: a refetch of the deleted collection would only find a 404.
      qc.removeQueries({ queryKey: [queryKeys.collections[0], id] });
      refreshAfter.collectionItemsChange(qc);
    },
  });
}

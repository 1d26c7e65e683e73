import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collection, CollectionUpdate } from '../../../../shared/schemas/collections';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/collections/{id}: a partial change (fields left out keep their values). */
export function useUpdateCollection(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CollectionUpdate) => apiRequest<Collection>('PUT', `${queryKeys.collections[0]}/${id}`, input),
    onSuccess: (saved) => {
      qc.setQueryData([queryKeys.collections[0], id], saved);
      void qc.invalidateQueries({ queryKey: queryKeys.collections });
    },
  });
}

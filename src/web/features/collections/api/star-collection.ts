import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collection, CollectionList } from '../../../../shared/schemas/collections';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT (star) or DELETE (unstar) /api/collections/{id}/star; the star shows at once, the server's order follows. */
export function useStarCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, starred }: { id: string; starred: boolean }) =>
      apiRequest<Collection>(starred ? 'PUT' : 'DELETE', `${queryKeys.collections[0]}/${id}/star`),
    onMutate: ({ id, starred }) => {
      qc.setQueriesData<CollectionList>({ queryKey: queryKeys.collections }, (list) =>
        list?.items ? { ...list, items: list.items.map((c) => (c.id === id ? { ...c, isStarred: starred } : c)) } : list,
      );
      qc.setQueryData<Collection>([queryKeys.collections[0], id], (c) => (c ? { ...c, isStarred: starred } : c));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.collections }),
  });
}

import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collection, CollectionList } from '../../../../shared/schemas/collections';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { patchCollections } from './list-collections';

/** PUT (star) or DELETE (unstar) /api/collections/{id}/star; the star shows at once, the server's order follows. */
export function useStarCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, starred }: { id: string; starred: boolean }) =>
      apiRequest<Collection>(starred ? 'PUT' : 'DELETE', `${queryKeys.collections[0]}/${id}/star`),
    onMutate: ({ id, starred }) => {
      // The one-page lists and the paged ones (the sidebar's expanded list, a search).
      qc.setQueriesData<CollectionList | InfiniteData<CollectionList>>({ queryKey: queryKeys.collections }, (list) =>
        patchCollections(list, (c) => (c.id === id ? { ...c, isStarred: starred } : c)),
      );
      qc.setQueryData<Collection>([queryKeys.collections[0], id], (c) => (c ? { ...c, isStarred: starred } : c));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.collections }),
  });
}

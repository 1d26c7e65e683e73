import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromptOwners, PromptOwnersInput } from '../../../../shared/schemas/owners';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Under the collection's own key, so whatever refreshes the collection refreshes who owns it. */
const ownersKey = (id: string) => [queryKeys.collections[0], id, 'owners'] as const;

/** GET /api/collections/{id}/owners: who owns and co-owns it, and what the viewer may change. */
export const useCollectionOwners = (id: string) => useQuery<PromptOwners>({ queryKey: ownersKey(id) });

/**
 * PUT /api/collections/{id}/owners. A collection given away changes whether the viewer may edit it (and,
 * for a private one, see it), and the sidebar's list: every collection view is refreshed.
 */
export function useUpdateCollectionOwners(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PromptOwnersInput) => apiRequest<PromptOwners>('PUT', `${queryKeys.collections[0]}/${id}/owners`, input),
    onSuccess: (owners) => {
      qc.setQueryData(ownersKey(id), owners);
      return qc.invalidateQueries({ queryKey: queryKeys.collections });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collection, CollectionCreate } from '../../../../shared/schemas/collections';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/collections, with an idempotency key so that a resend after a lost answer makes no second one. */
export function useCreateCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: Partial<CollectionCreate> & { name: string }; idempotencyKey: string }) =>
      apiRequest<Collection>('POST', queryKeys.collections[0], input, { idempotencyKey }),
    onSuccess: (created) => {
      qc.setQueryData([queryKeys.collections[0], created.id], created);
      void qc.invalidateQueries({ queryKey: queryKeys.collections });
    },
  });
}

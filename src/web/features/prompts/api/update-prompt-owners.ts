import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromptOwners, PromptOwnersInput } from '../../../../shared/schemas/owners';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

/**
 * Sets a prompt's owner and co-owners. A prompt given away changes lists (My Prompts, "I own", "I
 * co-own"), its page (owner, whether the viewer may still edit it) and the counts: all are refreshed.
 */
export function useUpdatePromptOwners(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PromptOwnersInput) => apiRequest<PromptOwners>('PUT', `/api/prompts/${id}/owners`, input),
    onSuccess: (owners) => {
      qc.setQueryData(queryKeys.promptOwners(id), owners);
      return refreshAfter.promptChange(qc);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Prompt } from '../../../../shared/schemas/prompts';
import type { StatusChange } from '../../../../shared/schemas/status';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

/**
 * Publishes, verifies, deprecates a prompt or moves it to the drafts (PUT /api/prompts/{id}/status).
 * A status decides which lists hold the prompt: every prompt view is read again (the review queue among them).
 */
export function useChangeStatus(promptId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => apiRequest<Prompt>('PUT', `/api/prompts/${promptId}/status`, change),
    onSuccess: (prompt) => {
      qc.setQueryData(queryKeys.prompt(promptId), prompt);
      return refreshAfter.promptChange(qc);
    },
  });
}

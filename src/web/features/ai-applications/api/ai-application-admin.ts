import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiModel, AiModelUpdate } from '../../../../shared/schemas/catalog';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

export const useAiApplications = () => useQuery<AiModel[]>({ queryKey: queryKeys.aiModels, staleTime: 0 });

/** A rename reaches every prompt that names the application, so the prompt lists refresh too. */
export function useSaveAiApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: AiModelUpdate & { id: string }) => apiRequest<AiModel>('PUT', `/api/admin/ai-models/${id}`, change),
    onSuccess: () => refreshAfter.aiModelChange(qc),
  });
}

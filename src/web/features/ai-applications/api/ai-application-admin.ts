import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAiModel, AiModel, AiModelChangeResult, AiModelCreate } from '../../../../shared/schemas/catalog';
import { apiRequest, hasErrorCode, hasFieldError } from '../../../lib/api-client';
import { refreshAfter } from '../../../lib/query-keys';

/** The admin list: every application with how many prompts name it. */
const adminAiModelsKey = ['/api/admin/ai-models'];

export const useAdminAiApplications = () => useQuery<AdminAiModel[]>({ queryKey: adminAiModelsKey, staleTime: 0 });

/**
 * Renames and merges reach every prompt that names the application, and the addresses change what the
 * runner offers: the catalog, the prompt lists and this screen's counts refresh together. A refusal
 * caused by someone else meanwhile (removed it, or gave it prompts) refreshes the list too; a merge
 * whose target was removed is refused on its `into` field.
 */
function useRefresh() {
  const qc = useQueryClient();
  const refresh = () => {
    refreshAfter.aiModelChange(qc);
    void qc.invalidateQueries({ queryKey: adminAiModelsKey });
  };
  return {
    onSuccess: refresh,
    onError: (err: unknown) => {
      if (hasErrorCode(err, 'ai_model_not_found') || hasErrorCode(err, 'ai_model_in_use') || hasFieldError(err, 'into')) refresh();
    },
  };
}

/** Adds an application (no id) or changes one: its name and its launch and home URLs. */
export function useSaveAiApplication() {
  return useMutation({
    mutationFn: ({ id, ...change }: AiModelCreate & { id?: string }) =>
      id ? apiRequest<AiModel>('PUT', `/api/admin/ai-models/${id}`, change) : apiRequest<AiModel>('POST', '/api/admin/ai-models', change),
    ...useRefresh(),
  });
}

/** Deletes an application no prompt names; refused (409 `ai_model_in_use`) otherwise. */
export function useDeleteAiApplication() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<AiModelChangeResult>('DELETE', `/api/admin/ai-models/${id}`),
    ...useRefresh(),
  });
}

/** Merges an application into another: its prompts name that one instead. */
export function useMergeAiApplication() {
  return useMutation({
    mutationFn: ({ id, into }: { id: string; into: string }) => apiRequest<AiModelChangeResult>('POST', `/api/admin/ai-models/${id}/merge`, { into }),
    ...useRefresh(),
  });
}

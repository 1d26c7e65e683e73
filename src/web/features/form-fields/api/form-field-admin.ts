import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormField, FormFieldInput } from '../../../../shared/schemas/form-fields';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

export const useAdminFormFields = () => useQuery<FormField[]>({ queryKey: queryKeys.adminFormFields });

/** Form field changes refresh the admin list and the prompt form's list. */
function useRefresh() {
  const qc = useQueryClient();
  return () => refreshAfter.formFieldChange(qc);
}

export function useSaveFormField() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: FormFieldInput }) =>
      id ? apiRequest<FormField>('PUT', `/api/admin/form-fields/${id}`, input) : apiRequest<FormField>('POST', '/api/admin/form-fields', input),
    onSuccess: refresh,
  });
}

export function useDeleteFormField() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => apiRequest<undefined>('DELETE', `/api/admin/form-fields/${id}`), onSuccess: refresh });
}

export function useReorderFormFields() {
  const qc = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (fields: FormField[]) => apiRequest<FormField[]>('PUT', '/api/admin/form-fields/reorder', { fields }),
    // Show the new order at once; the refetch afterwards confirms what the server stored.
    onMutate: (fields) => qc.setQueryData(queryKeys.adminFormFields, fields),
    onSettled: refresh,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormField, FormFieldInput } from '../../../../shared/schemas/form-fields';
import { apiRequest } from '../../../lib/api-client';

const ADMIN_FIELDS_KEY = ['/api/admin/form-fields'] as const;

export const useAdminFormFields = () => useQuery<FormField[]>({ queryKey: ADMIN_FIELDS_KEY });

/** Form field changes refresh the admin list and the prompt form's list (§7). */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ADMIN_FIELDS_KEY });
    void qc.invalidateQueries({ queryKey: ['/api/form-fields'] });
  };
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
  return useMutation({ mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/admin/form-fields/${id}`), onSuccess: refresh });
}

export function useReorderFormFields() {
  const qc = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (fields: FormField[]) => apiRequest<FormField[]>('PUT', '/api/admin/form-fields/reorder', { fields }),
    // Show the new order at once; the refetch afterwards confirms what the server stored.
    onMutate: (fields) => qc.setQueryData(ADMIN_FIELDS_KEY, fields),
    onSettled: refresh,
  });
}

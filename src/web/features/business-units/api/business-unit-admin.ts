import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessUnit } from '../../../../shared/schemas/business-units';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

export const useAdminBusinessUnits = () => useQuery<BusinessUnit[]>({ queryKey: queryKeys.adminBusinessUnits });

/** A rename reaches every list that shows the unit's name: both unit lists, users and prompts. */
function useRefresh() {
  const qc = useQueryClient();
  return () => refreshAfter.businessUnitChange(qc);
}

export function useSaveBusinessUnit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id?: string; name: string }) =>
      id
        ? apiRequest<BusinessUnit>('PUT', `/api/admin/business-units/${id}`, { name })
        : apiRequest<BusinessUnit>('POST', '/api/admin/business-units', { name }),
    onSuccess: refresh,
  });
}

export function useDeleteBusinessUnit() {
  const refresh = useRefresh();
  return useMutation({
    // With moveTo, a unit still in use hands its users and prompts to that unit first.
    mutationFn: ({ id, moveTo }: { id: string; moveTo?: string }) =>
      apiRequest<undefined>('DELETE', `/api/admin/business-units/${id}${moveTo ? `?moveTo=${encodeURIComponent(moveTo)}` : ''}`),
    onSuccess: refresh,
  });
}

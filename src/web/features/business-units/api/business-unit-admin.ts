import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessUnit } from '../../../../shared/schemas/business-units';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_BUSINESS_UNITS_KEY, BUSINESS_UNITS_KEY } from '../../../lib/shared-queries';

export const useAdminBusinessUnits = () => useQuery<BusinessUnit[]>({ queryKey: ADMIN_BUSINESS_UNITS_KEY });

/** §7: business unit changes refresh both the admin and the public lists. */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ADMIN_BUSINESS_UNITS_KEY });
    void qc.invalidateQueries({ queryKey: BUSINESS_UNITS_KEY });
    void qc.invalidateQueries({ queryKey: ['/api/filter/counts'] });
  };
}

export function useSaveBusinessUnit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id?: string; name: string }) =>
      id ? apiRequest<BusinessUnit>('PUT', `/api/admin/business-units/${id}`, { name }) : apiRequest<BusinessUnit>('POST', '/api/admin/business-units', { name }),
    onSuccess: refresh,
  });
}

export function useDeleteBusinessUnit() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/admin/business-units/${id}`), onSuccess: refresh });
}

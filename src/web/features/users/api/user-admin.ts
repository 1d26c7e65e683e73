import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../../shared/schemas/auth';
import type { z } from 'zod';
import type { AdminUser, AdminUserInput, temporaryPasswordResponseSchema } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

type TempPassword = z.infer<typeof temporaryPasswordResponseSchema>;

export const useAdminUsers = () => useQuery<AdminUser[]>({ queryKey: queryKeys.adminUsers });

function useRefresh() {
  const qc = useQueryClient();
  return () => refreshAfter.userChange(qc);
}

export function useSaveUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AdminUserInput }): Promise<PublicUser | TempPassword> =>
      id ? apiRequest<PublicUser>('PUT', `/api/admin/users/${id}`, input) : apiRequest<TempPassword>('POST', '/api/admin/users', input),
    onSuccess: refresh,
  });
}

export function useDeleteUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, transferTo }: { id: string; transferTo?: string }) =>
      apiRequest<{ transferred: number }>('DELETE', `/api/admin/users/${id}${transferTo ? `?transferTo=${transferTo}` : ''}`),
    onSuccess: refresh,
  });
}

export function useResetPassword() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => apiRequest<TempPassword>('POST', `/api/admin/users/${id}/reset-password`), onSuccess: refresh });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../../shared/schemas/auth';
import type { AuthOptions } from '../../../../shared/schemas/sso';
import type { z } from 'zod';
import type { AdminUser, AdminUserInput, CreatedUserResponse, temporaryPasswordResponseSchema } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

type TempPassword = z.infer<typeof temporaryPasswordResponseSchema>;

export const useAdminUsers = () => useQuery<AdminUser[]>({ queryKey: queryKeys.adminUsers });

/**
 * How members sign in, from the server's sign-in options: with OIDC_ONLY (`passwordSignIn` false)
 * new members get no password and the server refuses password resets, so the screen offers neither.
 */
export function useSingleSignOnOnly(): { ssoOnly: boolean; providerName: string } {
  const { data } = useQuery<AuthOptions>({ queryKey: queryKeys.authOptions });
  return { ssoOnly: data?.passwordSignIn === false, providerName: data?.sso?.displayName ?? 'single sign-on' };
}

function useRefresh() {
  const qc = useQueryClient();
  return () => refreshAfter.userChange(qc);
}

export function useSaveUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AdminUserInput }): Promise<PublicUser | CreatedUserResponse> =>
      id ? apiRequest<PublicUser>('PUT', `/api/admin/users/${id}`, input) : apiRequest<CreatedUserResponse>('POST', '/api/admin/users', input),
    onSuccess: refresh,
  });
}

/** The business units whose prompts the member curates; an empty list ends their curation. */
export function useSetCuratorUnits() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, units }: { id: string; units: string[] }) => apiRequest<PublicUser>('PUT', `/api/admin/users/${id}/curator-units`, { units }),
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ChangePasswordInput,
  LoginInput,
  LoginResponse,
  ProfileInput,
  PublicUser,
  RegisterInput,
  RegisterResponse,
  passwordResetCompleteSchema,
} from '../../../../shared/schemas/auth';
import type { ApiToken } from '../../../../shared/schemas/tokens';
import { apiRequest } from '../../../lib/api-client';
import { clearAuthToken, setAuthToken } from '../../../lib/auth-token';
import { paths } from '../../../lib/paths';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<LoginResponse>('POST', '/api/login', input),
    onSuccess: (res) => {
      setAuthToken(res.token);
      qc.setQueryData(queryKeys.currentUser, res.user);
    },
  });
}

export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<RegisterResponse>('POST', '/api/register', input),
    onSuccess: (res) => {
      setAuthToken(res.token);
      qc.setQueryData(queryKeys.currentUser, res.user);
      void qc.invalidateQueries({ queryKey: queryKeys.businessUnits });
    },
  });
}

/** Revokes the token on the server, forgets it locally, goes to /auth and clears every cached query. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout').catch(() => undefined),
    onSettled: () => {
      clearAuthToken();
      qc.clear();
      // A full load of /auth: no signed-in screen can re-render (and redirect to /auth?next=…) on the way out.
      window.location.assign(paths.auth);
    },
  });
}

/** POST for the forced dialog, PUT for the menu dialog (the same password rule for both). */
export function useChangePassword(method: 'POST' | 'PUT') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest<{ message: string }>(method, '/api/change-password', input),
    onSuccess: (_answer, input) => {
      // The server revokes the member's API tokens unless told not to.
      if (input.revokeApiTokens !== false) refreshAfter.tokenChange(qc);
      return qc.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}

/** The member's own API tokens, which the password change dialog offers to revoke. */
export function useOwnApiTokens(enabled: boolean) {
  // Asked afresh each time the dialog opens: scripts use and tokens come and go without this app hearing of it.
  return useQuery<{ items: ApiToken[] }>({ queryKey: queryKeys.apiTokens, enabled, staleTime: 0 });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiRequest<PublicUser>('PUT', '/api/profile', input),
    onSuccess: (user) => {
      qc.setQueryData(queryKeys.currentUser, user);
      // Prompts and users show the member's names and unit.
      refreshAfter.profileChange(qc);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) => apiRequest<{ message: string; token?: string }>('POST', '/api/password-reset/request', input),
  });
}

export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: (input: z.infer<typeof passwordResetCompleteSchema>) => apiRequest<{ message: string }>('POST', '/api/password-reset/complete', input),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthOptions, SsoExchangeInput, SsoExchangeResponse } from '../../../../shared/schemas/sso';
import { apiRequest } from '../../../lib/api-client';
import { setAuthToken } from '../../../lib/auth-token';
import { queryKeys } from '../../../lib/query-keys';

/** Which ways of signing in the server offers (single sign-on, passwords). */
export function useAuthOptions() {
  return useQuery<AuthOptions>({ queryKey: queryKeys.authOptions });
}

/**
 * Exchanges the one-time code from the single sign-on callback for a session, as password sign-in
 * does. The page itself stores the signed-in user, together with where to go next: set here, the user
 * would switch the app to its signed-in routes before the page could say where to.
 */
export function useSsoExchange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoExchangeInput) => apiRequest<SsoExchangeResponse>('POST', '/api/auth/oidc/exchange', input),
    onSuccess: (res) => {
      setAuthToken(res.token);
      // A first sign-in may have added the person's business unit.
      if (res.created) void qc.invalidateQueries({ queryKey: queryKeys.businessUnits });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreatedToken, CreateTokenInput } from '../../../../shared/schemas/tokens';
import { apiRequest, hasErrorCode } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

/** The signed-in member's own tokens, newest first. */
export function useMyTokens() {
  return useQuery<{ items: ApiToken[] }>({
    queryKey: queryKeys.apiTokens,
    // "Last used" moves whenever a script calls with a token, which this app never hears of: opening
    // the screen always asks again, showing what it had meanwhile.
    staleTime: 0,
  });
}

/** Creates a token; the answer carries the whole token, which the server never shows again. */
export function useCreateToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTokenInput) => apiRequest<CreatedToken>('POST', '/api/tokens', input),
    onSuccess: () => refreshAfter.tokenChange(qc),
  });
}

/** Revokes one of the member's tokens; a token already gone (revoked elsewhere) refreshes the list too. */
export function useRevokeMyToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<undefined>('DELETE', `/api/tokens/${id}`),
    onSuccess: () => refreshAfter.tokenChange(qc),
    onError: (err) => {
      if (hasErrorCode(err, 'token_not_found')) refreshAfter.tokenChange(qc);
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxEmailMode, InboxSettings } from '../../../../shared/schemas/inbox';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The member's inbox email choice, and whether the server can send email at all. */
export function useInboxSettings() {
  return useQuery<InboxSettings>({ queryKey: queryKeys.inboxSettings });
}

export function useSetInboxEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: InboxEmailMode) => apiRequest<InboxSettings>('PUT', '/api/inbox/settings', { email }),
    onSuccess: (settings) => qc.setQueryData(queryKeys.inboxSettings, settings),
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PromptPerson } from '../../../../shared/schemas/owners';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Edit and admin members whose name or email contains `search` (the first twenty by name when it is
 * empty). The last answer stays shown while the next search runs, so the list does not flicker.
 */
export function usePromptWriters(search: string, enabled: boolean) {
  return useQuery<{ items: PromptPerson[] }>({
    queryKey: [queryKeys.promptWriters[0], { search: search.trim() }],
    enabled,
    // Members join and change roles while the app is open: each opened picker asks again.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

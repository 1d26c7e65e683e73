import { useQuery } from '@tanstack/react-query';
import type { PromptOwners } from '../../../../shared/schemas/owners';
import { queryKeys } from '../../../lib/query-keys';

/** Who owns and co-owns a prompt, and whether the viewer may change the co-owners or give it away. */
export function usePromptOwners(id: string) {
  return useQuery<PromptOwners>({ queryKey: queryKeys.promptOwners(id) });
}

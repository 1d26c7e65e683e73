import { useQuery } from '@tanstack/react-query';
import type { AiModel } from '../../shared/schemas/catalog';
import { queryKeys } from './query-keys';

/**
 * The catalog of AI applications (prompt form, runner, import). Never cached: an administrator may
 * rename, merge or add one at any time, and each screen that offers the list fetches it afresh.
 */
export const useAiApplications = () => useQuery<AiModel[]>({ queryKey: queryKeys.aiModels, staleTime: 0, gcTime: 0 });

import { useQuery } from '@tanstack/react-query';
import type { AiModel } from '../../../../shared/schemas/catalog';
import { queryKeys } from '../../../lib/query-keys';

/** The catalog of AI applications, for the files whose rows name none (prompts.chat). */
export const useAiModelCatalog = () => useQuery<AiModel[]>({ queryKey: queryKeys.aiModels, staleTime: 0 });

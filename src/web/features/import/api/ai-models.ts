import { useQuery } from '@tanstack/react-query';
import type { AiModel } from '../../../../shared/schemas/catalog';
import type { ImportDefaults } from '../../../../shared/schemas/import';
import { queryKeys } from '../../../lib/query-keys';

/** The catalog of AI applications, for the files whose rows name none (prompts.chat). */
export const useAiModelCatalog = () => useQuery<AiModel[]>({ queryKey: queryKeys.aiModels, staleTime: 0 });

/** What the screen preselects for such files: the application most prompts of the library use. */
export const useImportDefaults = () => useQuery<ImportDefaults>({ queryKey: ['/api/admin/import/defaults'], staleTime: 0 });

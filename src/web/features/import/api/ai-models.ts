import { useQuery } from '@tanstack/react-query';
import type { ImportDefaults } from '../../../../shared/schemas/import';

/**
 * What the screen preselects for files whose rows name no AI application (prompts.chat): the
 * application most prompts of the library use.
 */
export const useImportDefaults = () => useQuery<ImportDefaults>({ queryKey: ['/api/admin/import/defaults'], staleTime: 0 });

import { useQuery } from '@tanstack/react-query';
import type { BusinessUnit } from '../../../../shared/schemas/business-units';
import type { AdminUser } from '../../../../shared/schemas/users';
import { queryKeys } from '../../../lib/query-keys';

/** The accounts an import can give its prompts to (the same cached list as User Management). */
export const useImportOwners = () => useQuery<AdminUser[]>({ queryKey: queryKeys.adminUsers });

/** The business units an import can put its prompts in. */
export const useImportBusinessUnits = () => useQuery<BusinessUnit[]>({ queryKey: queryKeys.adminBusinessUnits });

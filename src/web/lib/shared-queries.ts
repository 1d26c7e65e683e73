import { useQuery } from '@tanstack/react-query';
import type { BusinessUnit } from '../../shared/schemas/business-units';
import { queryKeys } from './query-keys';

/** The public list of business units (sign-up, profile, prompt form, filters). */
export function useBusinessUnits() {
  return useQuery<BusinessUnit[]>({ queryKey: queryKeys.businessUnits });
}

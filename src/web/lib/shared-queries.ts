import { useQuery } from '@tanstack/react-query';
import type { BusinessUnit } from '../../shared/schemas/business-units';

/** Query keys shared by several features (the key is also the URL, §7). */
export const BUSINESS_UNITS_KEY = ['/api/business-units'] as const;
export const ADMIN_BUSINESS_UNITS_KEY = ['/api/admin/business-units'] as const;
export const CURRENT_USER_KEY = ['/api/user'] as const;

/** The public list of business units (sign-up, profile, prompt form, filters). */
export function useBusinessUnits() {
  return useQuery<BusinessUnit[]>({ queryKey: BUSINESS_UNITS_KEY });
}

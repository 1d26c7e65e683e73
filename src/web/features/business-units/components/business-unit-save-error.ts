import { hasErrorCode } from '../../../lib/api-client';

/** The toast text for a failed create or rename: a clash has its own words, anything else the generic ones. */
export function businessUnitSaveError(err: unknown, editing: boolean): string {
  if (hasErrorCode(err, 'business_unit_exists')) return 'Business unit name already exists';
  return editing ? 'Failed to update business unit' : 'Failed to create business unit';
}

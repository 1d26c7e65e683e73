import { type SQL, sql } from 'drizzle-orm';
import { HEALTH_MESSAGES } from '../../../shared/schemas/library-health';
import { type UserRow, prompts } from '../../db/schema';
import { textArray } from '../../db/sql-arrays';
import { forbidden } from '../../errors';
import { seenBy } from '../prompt-query';

// Whose prompts a Library Health list covers. Administrators look after the whole library; curators
// after the business units they curate, and only the prompts of those units they can see. Every list,
// count and CSV of the page reads its prompts through `inHealthScope`.

export interface HealthScope {
  viewer: UserRow;
  /** Lower-cased unit names the list is limited to; null for every unit. */
  units: string[] | null;
}

/** The scope of `viewer` narrowed to `unit` (a name in any case); a curator asking for another unit is a 403. */
export function healthScope(viewer: UserRow, unit: string | undefined): HealthScope {
  const own = viewer.role === 'admin' ? null : viewer.curatorUnits;
  if (own && !own.length) throw forbidden(HEALTH_MESSAGES.denied);
  if (!unit) return { viewer, units: own?.map((u) => u.toLowerCase()) ?? null };
  const wanted = unit.toLowerCase();
  if (own && !own.some((u) => u.toLowerCase() === wanted)) throw forbidden(`${HEALTH_MESSAGES.notYourUnit}${own.join(', ')}`);
  return { viewer, units: [wanted] };
}

/** The prompts (the `prompts` table, unaliased) a scope covers: of its units, and seen by its viewer. */
export function inHealthScope(scope: HealthScope): SQL {
  const units = scope.units ? sql`lower(${prompts.userBusinessUnit}) = any(${textArray(scope.units)})` : sql`true`;
  return sql`(${units} and ${seenBy(scope.viewer)})`;
}

/** The business units (by lower-cased name) a scope lists, as a condition on `column`. */
export function unitInScope(scope: HealthScope, column: SQL): SQL {
  return scope.units ? sql`lower(${column}) = any(${textArray(scope.units)})` : sql`true`;
}

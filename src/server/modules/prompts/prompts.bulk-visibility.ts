import { sql } from 'drizzle-orm';
import type { BulkActionInput } from '../../../shared/schemas/bulk';
import { type Visibility, visibilityBadge } from '../../../shared/visibility';
import { type Database, queryRows } from '../../db/client';
import { prompts, type UserRow } from '../../db/schema';
import { invalidFields } from '../../errors';
import { listBusinessUnitNames } from '../business-units/business-units.service';
import { resolveVisibility } from './prompts.visibility';
import { uuidArray } from '../../db/sql-arrays';

// "Change visibility" on a selection: who may see a prompt is not part of its versions, so this sets
// the two columns, makes no version and leaves `updated_at` alone, as a single save that changes only
// the visibility does.

/** Sets the visibility asked on the selected prompts that differ; returns the ids changed and the words for them. */
export async function changeVisibility(
  tx: Database,
  viewer: UserRow,
  input: BulkActionInput,
  ids: string[],
): Promise<{ changed: string[]; described: string }> {
  const visibility = input.value as Visibility;
  const { values, errors } = resolveVisibility({ visibility, units: input.units }, viewer, await listBusinessUnitNames(tx), visibility);
  const first = Object.entries(errors)[0];
  if (first) throw invalidFields(first[1], { [first[0]]: first[1] });
  const described = visibilityBadge(values.visibility, values.visibleUnits) ?? 'Organization';
  if (!ids.length) return { changed: [], described };
  const units = values.visibleUnits.length
    ? sql`array[${sql.join(
        values.visibleUnits.map((u) => sql`${u}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
  const rows = await queryRows(
    tx,
    sql`update ${prompts} set visibility = ${values.visibility}, visible_units = ${units}
        where id = any(${uuidArray(ids)}) and (visibility, visible_units) is distinct from (${values.visibility}::text, ${units})
        returning id`,
  );
  return { changed: rows.map((r) => String(r.id)), described };
}

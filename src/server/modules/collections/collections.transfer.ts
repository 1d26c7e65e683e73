import { eq, type SQL, sql } from 'drizzle-orm';
import { MAX_COLLECTION_DESCRIPTION_LENGTH, MAX_COLLECTION_ITEMS, MAX_COLLECTION_NAME_LENGTH } from '../../../shared/schemas/collections';
import { VISIBILITIES, type Visibility } from '../../../shared/visibility';
import { type Database, queryRows } from '../../db/client';
import { collectionItems, collections, type UserRow, users } from '../../db/schema';
import { notFound } from '../../errors';
import { listBusinessUnitNames } from '../business-units/business-units.service';
import { resolveVisibility } from '../prompts/prompts.visibility';

// Collections in the JSON export and import. The export writes every collection (the exporting admin
// sees them all) with the ids of its prompts that the export holds, in order; an import creates the
// file's collections for the importing admin, their prompts mapped to the prompts the import wrote.

/** A collection as the JSON export writes it. */
export interface ExportedCollection {
  id: string;
  name: string;
  description: string;
  visibility: Visibility;
  units: string[];
  ownerEmail: string;
  /** The exported prompts in it, in the collection's order. */
  promptIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** An export filtered by an unknown collection is a 404 before any byte is sent. */
export async function assertCollectionExists(db: Database, id: string | undefined): Promise<void> {
  if (!id) return;
  const [row] = await db.select({ id: collections.id }).from(collections).where(eq(collections.id, id)).limit(1);
  if (!row) throw notFound('Collection not found', 'collection_not_found');
}

/**
 * The collections of an export whose prompts are those matching `where` (`only`: that collection
 * alone, for an export filtered by it). Each reads its items through (collection_id, position).
 */
export async function exportedCollections(db: Database, where: SQL | undefined, only?: string): Promise<ExportedCollection[]> {
  const rows = await queryRows(
    db,
    sql`select c.id::text as id, c.name, c.description, c.visibility, c.visible_units, u.email, c.created_at, c.updated_at,
        array(select ci.prompt_id::text from ${collectionItems} ci inner join prompts on prompts.id = ci.prompt_id
          where ci.collection_id = c.id and ${where ?? sql`true`} order by ci.position, ci.prompt_id) as prompt_ids
      from ${collections} c inner join ${users} u on u.id = c.user_id
      ${only ? sql`where c.id = ${only}::uuid` : sql``}
      order by lower(c.name), c.id`,
  );
  const iso = (v: unknown) => new Date(String(v)).toISOString();
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    description: String(r.description),
    visibility: r.visibility as Visibility,
    units: (r.visible_units as string[] | null) ?? [],
    ownerEmail: String(r.email),
    promptIds: (r.prompt_ids as string[] | null) ?? [],
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
}

/** A collection as an import file holds it, before any check. */
export interface ImportedCollection {
  name: unknown;
  description?: unknown;
  visibility?: unknown;
  units?: unknown;
  promptIds?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** "Name", else "Name (2)", "Name (3)"… whichever `owner` does not use yet (names are unique per owner, in any case). */
function freeName(name: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = name.slice(0, MAX_COLLECTION_NAME_LENGTH - suffix.length) + suffix;
    if (!taken.has(candidate.toLowerCase())) {
      taken.add(candidate.toLowerCase());
      return candidate;
    }
  }
}

/**
 * Creates the file's collections for `owner`, in `tx`. What a file may get wrong is mended rather than
 * refused (the prompts are what an import is for): a blank name becomes "Imported collection", long
 * texts are cut to the limits, a name the owner already uses gets " (2)", unknown units are left out
 * (a `units` collection left with none, or an unknown visibility, becomes private), and prompt ids the
 * import did not write are left out. `promptIdOf` maps a file's prompt id to the prompt written for it.
 */
export async function importCollections(
  tx: Database,
  owner: UserRow,
  records: readonly ImportedCollection[],
  promptIdOf: ReadonlyMap<string, string>,
): Promise<number> {
  if (!records.length) return 0;
  const unitNames = await listBusinessUnitNames(tx);
  const known = new Set(unitNames.map((u) => u.toLowerCase()));
  const taken = new Set(
    (await tx.select({ name: collections.name }).from(collections).where(eq(collections.userId, owner.id))).map((c) => c.name.toLowerCase()),
  );
  for (const record of records) {
    const name = freeName(text(record.name) || 'Imported collection', taken);
    const asked = text(record.visibility);
    const units = strings(record.units).filter((u) => known.has(u.trim().toLowerCase()));
    const visibility = (VISIBILITIES as readonly string[]).includes(asked) ? (asked as Visibility) : 'private';
    const resolved = resolveVisibility({ visibility, units: visibility === 'units' ? units : undefined }, owner, unitNames, 'private');
    const values = Object.keys(resolved.errors).length ? { visibility: 'private' as const, visibleUnits: [] } : resolved.values;
    const [row] = await tx
      .insert(collections)
      .values({ name, description: text(record.description).slice(0, MAX_COLLECTION_DESCRIPTION_LENGTH), userId: owner.id, ...values })
      .returning({ id: collections.id });
    const ids = [...new Set(strings(record.promptIds).map((id) => promptIdOf.get(id.toLowerCase())))]
      .filter((id): id is string => Boolean(id))
      .slice(0, MAX_COLLECTION_ITEMS);
    if (ids.length) await tx.insert(collectionItems).values(ids.map((promptId, position) => ({ collectionId: row!.id, promptId, position })));
  }
  return records.length;
}

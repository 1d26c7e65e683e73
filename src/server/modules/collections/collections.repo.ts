import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { collectionItems, collections, collectionStars, type CollectionRow, promptFilterKeys, prompts, type UserRow, users } from '../../db/schema';
import { audienceOf, seenBy, visibleTo } from '../prompt-query';

// The collections' queries. Who sees a collection is its `audience` against the viewer's keys (the
// prompts' rule, query.visibility.ts); which of its prompts they see is the prompts' own condition.

/** The condition on `collections` for what `viewer` sees; `true` for an admin. */
export function collectionSeenBy(viewer: UserRow): SQL {
  const keys = audienceOf(viewer);
  return keys ? visibleTo(keys, collections.audience) : sql`true`;
}

/** A collection with what its presentation needs for one viewer. */
export interface CollectionView {
  c: CollectionRow;
  firstName: string;
  lastName: string;
  starred: boolean;
  itemCount: number;
  /** Asked with a prompt: whether it is in the collection (false for a prompt the viewer does not see). */
  hasPrompt?: boolean;
}

/** Where a page of collections starts: after this (star rank, lower-case name, id). */
export type CollectionKey = [starRank: number, name: string, id: string];

export interface CollectionPage {
  limit: number;
  after?: CollectionKey;
  /** Only collections whose name contains this (any case). */
  search: string;
  /** Say of each whether it holds this prompt (`hasPrompt`). */
  promptId?: string;
}

/**
 * The collections `viewer` sees (or the one with `id`), starred ones first, then by name, one page at a
 * time (keyset on the star, the name and the id). `itemCount` counts the items whose prompts the viewer
 * sees, for that page's collections only: counted for every visible collection, 2,000 collections
 * of twenty prompts took 600 ms a list.
 */
export async function selectCollections(db: Database, viewer: UserRow, only: { id: string } | CollectionPage): Promise<CollectionView[]> {
  const starred = sql<boolean>`exists (select 1 from ${collectionStars} where ${collectionStars.userId} = ${viewer.id}::uuid and ${collectionStars.collectionId} = ${collections.id})`;
  const starRank = sql`(case when ${starred} then 0 else 1 end)`;
  const conditions: Array<SQL | undefined> = [collectionSeenBy(viewer)];
  let promptId: string | undefined;
  if ('id' in only) conditions.push(eq(collections.id, only.id));
  else {
    promptId = only.promptId;
    if (only.search) conditions.push(sql`strpos(lower(${collections.name}), ${only.search.toLowerCase()}) > 0`);
    if (only.after)
      conditions.push(sql`(${starRank}, lower(${collections.name}), ${collections.id}) > (${only.after[0]}, ${only.after[1]}, ${only.after[2]}::uuid)`);
  }
  // Through the prompt's own visibility: an id the viewer may not see must not tell where it is filed.
  const hasPrompt = promptId
    ? sql<boolean>`exists (select 1 from ${collectionItems} inner join ${prompts} on ${prompts.id} = ${collectionItems.promptId}
    where ${collectionItems.collectionId} = ${collections.id} and ${collectionItems.promptId} = ${promptId}::uuid and ${seenBy(viewer)})`
    : undefined;
  const rows = await db
    .select({ c: collections, firstName: users.firstName, lastName: users.lastName, starred, ...(hasPrompt ? { hasPrompt } : {}) })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.userId))
    .where(and(...conditions))
    .orderBy(starRank, sql`lower(${collections.name})`, asc(collections.id))
    .limit('id' in only ? 1 : only.limit + 1);
  const counts = await visibleItemCounts(
    db,
    viewer,
    rows.map((row) => row.c.id),
  );
  return rows.map((row) => ({ ...row, itemCount: counts.get(row.c.id) ?? 0 }));
}

/**
 * How many items of each collection hold a prompt `viewer` sees: per collection, its items through the
 * (collection_id, prompt_id) key and each prompt's audience in the narrow prompt_filter_keys. (One
 * grouped join was planned as a hash join over every prompt: 40 ms for a page of 50 at 100k prompts.)
 */
async function visibleItemCounts(db: Database, viewer: UserRow, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const keys = audienceOf(viewer);
  const seen = keys ? sql`and ${visibleTo(keys, promptFilterKeys.audience)}` : sql``;
  const rows = await queryRows(
    db,
    sql`select c.id::text as id, (select count(*)::int from ${collectionItems} inner join ${promptFilterKeys} on ${promptFilterKeys.promptId} = ${collectionItems.promptId}
        where ${collectionItems.collectionId} = c.id ${seen}) as n
      from unnest(${`{${ids.join(',')}}`}::uuid[]) as c(id)`,
  );
  return new Map(rows.map((row) => [String(row.id), Number(row.n)]));
}

/** The row, whoever may see it (for writes, checked by the caller); `lock` holds it for the transaction. */
export async function findCollection(db: Database, id: string, lock = false): Promise<CollectionRow | undefined> {
  const query = db.select().from(collections).where(eq(collections.id, id)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Every item, in the collection's order, with whether `viewer` sees its prompt. */
export async function orderedItems(db: Database, collectionId: string, viewer: UserRow): Promise<Array<{ promptId: string; visible: boolean }>> {
  return db
    .select({ promptId: collectionItems.promptId, visible: sql<boolean>`${seenBy(viewer)}` })
    .from(collectionItems)
    .innerJoin(prompts, eq(prompts.id, collectionItems.promptId))
    .where(eq(collectionItems.collectionId, collectionId))
    .orderBy(asc(collectionItems.position), asc(collectionItems.promptId));
}

export async function countItems(db: Database, collectionId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(collectionItems)
    .where(eq(collectionItems.collectionId, collectionId));
  return row?.n ?? 0;
}

/** Appends a prompt after the last item; false when it was already there. */
export async function appendItem(db: Database, collectionId: string, promptId: string): Promise<boolean> {
  const inserted = await db
    .insert(collectionItems)
    .values({
      collectionId,
      promptId,
      position: sql`(select coalesce(max(${collectionItems.position}) + 1, 0) from ${collectionItems} where ${collectionItems.collectionId} = ${collectionId}::uuid)`,
    })
    .onConflictDoNothing()
    .returning({ promptId: collectionItems.promptId });
  return inserted.length > 0;
}

/** Positions 0…n-1 in the order given (every item of the collection). */
export async function rewritePositions(db: Database, collectionId: string, promptIds: string[]): Promise<void> {
  if (!promptIds.length) return;
  const ids = sql`array[${sql.join(
    promptIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  await db.execute(sql`update ${collectionItems} set position = o.n - 1
    from unnest(${ids}) with ordinality as o(prompt_id, n)
    where ${collectionItems.collectionId} = ${collectionId}::uuid and ${collectionItems.promptId} = o.prompt_id`);
}

/** The users among `ids` that exist, with their roles. */
export function usersByIds(db: Database, ids: string[]) {
  return ids.length ? db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, ids)) : Promise.resolve([]);
}

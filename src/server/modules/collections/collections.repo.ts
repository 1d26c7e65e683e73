import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { collectionItems, collections, collectionStars, type CollectionRow, prompts, type UserRow, users } from '../../db/schema';
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

/**
 * The collections `viewer` sees (or the one with `id`), starred ones first, then by name. `itemCount`
 * counts the items whose prompts the viewer sees, read through the (collection_id, position) index:
 * at most MAX_COLLECTION_ITEMS rows per collection.
 */
export function selectCollections(db: Database, viewer: UserRow, id?: string, promptId?: string): Promise<CollectionView[]> {
  const starred = sql<boolean>`exists (select 1 from ${collectionStars} where ${collectionStars.userId} = ${viewer.id}::uuid and ${collectionStars.collectionId} = ${collections.id})`;
  const itemCount = sql<number>`(select count(*)::int from ${collectionItems} inner join ${prompts} on ${prompts.id} = ${collectionItems.promptId}
    where ${collectionItems.collectionId} = ${collections.id} and ${seenBy(viewer)})`;
  // Through the prompt's own visibility: an id the viewer may not see must not tell where it is filed.
  const hasPrompt = promptId
    ? sql<boolean>`exists (select 1 from ${collectionItems} inner join ${prompts} on ${prompts.id} = ${collectionItems.promptId}
    where ${collectionItems.collectionId} = ${collections.id} and ${collectionItems.promptId} = ${promptId}::uuid and ${seenBy(viewer)})`
    : undefined;
  return db
    .select({ c: collections, firstName: users.firstName, lastName: users.lastName, starred, itemCount, ...(hasPrompt ? { hasPrompt } : {}) })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.userId))
    .where(and(collectionSeenBy(viewer), id ? eq(collections.id, id) : undefined))
    .orderBy(sql`${starred} desc`, sql`lower(${collections.name})`, asc(collections.id));
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

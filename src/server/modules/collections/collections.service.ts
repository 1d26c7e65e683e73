import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { canEditCollection, canViewCollection } from '../../../shared/policies/collections';
import {
  type Collection,
  type CollectionCreate,
  type CollectionList,
  type CollectionListQuery,
  COLLECTION_MESSAGES,
  collectionNameTakenMessage,
  type CollectionUpdate,
  MAX_COLLECTION_ITEMS,
} from '../../../shared/schemas/collections';
import type { Visibility } from '../../../shared/visibility';
import type { Database } from '../../db/client';
import { collectionItems, type CollectionRow, collections, collectionStars, prompts, type UserRow, users } from '../../db/schema';
import { AppError, conflict, invalidFields, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { promptWriteTransaction } from '../../lib/prompt-derived-cache';
import { changes, recordAudit } from '../audit/audit';
import { listBusinessUnitNames } from '../business-units/business-units.service';
import { resolveVisibility, visibleOr404 } from '../prompts/prompts.visibility';
import {
  appendItem,
  type CollectionKey,
  type CollectionView,
  countItems,
  findCollection,
  orderedItems,
  rewritePositions,
  selectCollections,
  usersByIds,
} from './collections.repo';

// Collections: who may see and change them (the prompts' rules: canViewCollection and canEditCollection
// are canViewPrompt and canEditPrompt), their items and their order. A collection someone may not see
// does not exist for them: 404, never 403. Item writes change what lists filtered by a collection hold,
// so they run in promptWriteTransaction, which drops the lists' caches after commit on every instance.

type Viewer = Pick<UserRow, 'id' | 'role' | 'businessUnit'>;

export const collectionNotFound = () => notFound(COLLECTION_MESSAGES.notFound, 'collection_not_found');

function toCollection(view: CollectionView, viewer: UserRow): Collection {
  const { c } = view;
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    visibility: c.visibility,
    units: c.visibleUnits,
    owner: { id: c.userId, firstName: view.firstName, lastName: view.lastName },
    coOwnerIds: c.coOwnerIds,
    isStarred: view.starred,
    itemCount: view.itemCount,
    canEdit: canEditCollection(viewer, c),
    ...(view.hasPrompt === undefined ? {} : { hasPrompt: view.hasPrompt }),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

const encodeKey = (key: CollectionKey) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeKey(cursor: string): CollectionKey {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === 3 && (key[0] === 0 || key[0] === 1) && typeof key[1] === 'string' && z.uuid().safeParse(key[2]).success) {
      return key as CollectionKey;
    }
  } catch {
    // Refused below, as any other malformed cursor.
  }
  throw invalidFields('Invalid cursor', { cursor: 'Invalid cursor' });
}

/** One page of the collections `viewer` sees, starred first, then by name. */
export async function listCollections(db: Database, viewer: UserRow, query: CollectionListQuery): Promise<CollectionList> {
  const views = await selectCollections(db, viewer, {
    limit: query.limit,
    search: query.search,
    promptId: query.prompt,
    after: query.cursor ? decodeKey(query.cursor) : undefined,
  });
  const page = views.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = views.length > query.limit && last ? encodeKey([last.starred ? 0 : 1, last.c.name.toLowerCase(), last.c.id]) : null;
  return { items: page.map((view) => toCollection(view, viewer)), nextCursor };
}

export async function getCollection(db: Database, viewer: UserRow, id: string): Promise<Collection> {
  const [view] = await selectCollections(db, viewer, { id });
  if (!view) throw collectionNotFound();
  return toCollection(view, viewer);
}

/** The collection, if `viewer` may see it; else the 404 of one that does not exist. */
export async function collectionOr404(db: Database, viewer: Viewer, id: string, lock = false): Promise<CollectionRow> {
  const row = await findCollection(db, id, lock);
  if (!row || !canViewCollection(viewer, row)) throw collectionNotFound();
  return row;
}

/** For lists filtered by a collection: a collection the viewer cannot see is a 404, like an unknown one. */
export async function assertCollectionVisible(db: Database, viewer: Viewer, id: string | undefined): Promise<void> {
  if (id) await collectionOr404(db, viewer, id);
}

/** A collection the viewer may change; one they may only see is a 403, one they may not see a 404. */
export async function editableOr404(db: Database, viewer: UserRow, id: string): Promise<CollectionRow> {
  const row = await collectionOr404(db, viewer, id, true);
  if (!canEditCollection(viewer, row)) throw new AppError(403, 'forbidden', 'Only the collection’s owner, its co-owners or an administrator can change it');
  return row;
}

/** Co-owners are existing editors or administrators, other than the owner. */
async function checkCoOwners(db: Database, ids: string[] | undefined, ownerId: string): Promise<Record<string, string>> {
  if (!ids?.length) return {};
  if (ids.includes(ownerId)) return { coOwnerIds: 'The owner cannot also be a co-owner' };
  const found = new Map((await usersByIds(db, ids)).map((u) => [u.id, u.role]));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length) return { coOwnerIds: `Unknown user${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}` };
  const readers = ids.filter((id) => found.get(id) === 'read');
  if (readers.length) return { coOwnerIds: `Co-owners must be editors or administrators; read-only: ${readers.join(', ')}` };
  return {};
}

function nameTaken(err: unknown, name: string): never {
  if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(collectionNameTakenMessage(name), 'collection_name_taken');
  throw err;
}

const audited = (c: Pick<CollectionRow, 'name' | 'visibility' | 'visibleUnits' | 'coOwnerIds' | 'description'>) => ({
  name: c.name,
  description: c.description.length > 500 ? `${c.description.slice(0, 500)}… (${c.description.length} characters)` : c.description,
  visibility: c.visibility,
  units: c.visibleUnits,
  coOwnerIds: c.coOwnerIds,
});

export async function createCollection(db: Database, actor: UserRow, data: CollectionCreate, defaultVisibility: Visibility): Promise<Collection> {
  const { values, errors } = resolveVisibility(data, actor, await listBusinessUnitNames(db), defaultVisibility);
  const problems = { ...errors, ...(await checkCoOwners(db, data.coOwnerIds, actor.id)) };
  if (Object.keys(problems).length) throw invalidFields(Object.values(problems)[0]!, problems);
  let id = '';
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(collections)
        .values({ name: data.name, description: data.description, userId: actor.id, coOwnerIds: data.coOwnerIds ?? [], ...values })
        .returning();
      id = row!.id;
      await recordAudit(tx, {
        actor,
        action: 'collection.created',
        target: { type: 'collection', id },
        summary: `Created collection “${row!.name}”`,
        after: audited(row!),
      });
    });
  } catch (err) {
    nameTaken(err, data.name);
  }
  return getCollection(db, actor, id);
}

/** A partial update: fields left out keep their values. */
export async function updateCollection(db: Database, actor: UserRow, id: string, data: CollectionUpdate, defaultVisibility: Visibility): Promise<Collection> {
  const names = await listBusinessUnitNames(db);
  try {
    await db.transaction(async (tx) => {
      const before = await editableOr404(tx, actor, id);
      const ownerUnit = before.userId === actor.id ? actor.businessUnit : await ownerUnitOf(tx, before.userId);
      const { values, errors } = resolveVisibility(data, { businessUnit: ownerUnit }, names, defaultVisibility, before);
      const problems = { ...errors, ...(await checkCoOwners(tx, data.coOwnerIds, before.userId)) };
      if (Object.keys(problems).length) throw invalidFields(Object.values(problems)[0]!, problems);
      const next = {
        name: data.name ?? before.name,
        description: data.description ?? before.description,
        coOwnerIds: data.coOwnerIds ?? before.coOwnerIds,
        ...values,
      };
      const changed = changes(audited(before), audited(next));
      if (!changed) return;
      await tx
        .update(collections)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(collections.id, id));
      const visibilityChanged = 'visibility' in changed.after || 'units' in changed.after;
      await recordAudit(tx, {
        actor,
        action: 'collection.updated',
        target: { type: 'collection', id },
        summary: `Updated collection “${next.name}” (${Object.keys(changed.after).join(', ')})${visibilityChanged ? `: now ${next.visibility}` : ''}`,
        before: changed.before,
        after: changed.after,
      });
    });
  } catch (err) {
    nameTaken(err, data.name ?? '');
  }
  return getCollection(db, actor, id);
}

async function ownerUnitOf(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ unit: users.businessUnit }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.unit ?? '';
}

export async function deleteCollection(db: Database, actor: UserRow, id: string): Promise<void> {
  await promptWriteTransaction(db, async (tx) => {
    const row = await editableOr404(tx, actor, id);
    const items = await countItems(tx, id);
    await tx.delete(collections).where(eq(collections.id, id));
    await recordAudit(tx, {
      actor,
      action: 'collection.deleted',
      target: { type: 'collection', id },
      summary: `Deleted collection “${row.name}” (${items} ${items === 1 ? 'prompt' : 'prompts'})`,
      before: { ...audited(row), items },
    });
  });
}

/** Stars are per member and idempotent. */
export async function setStar(db: Database, viewer: UserRow, id: string, starred: boolean): Promise<Collection> {
  await collectionOr404(db, viewer, id);
  if (starred) await db.insert(collectionStars).values({ userId: viewer.id, collectionId: id }).onConflictDoNothing();
  else await db.delete(collectionStars).where(and(eq(collectionStars.userId, viewer.id), eq(collectionStars.collectionId, id)));
  return getCollection(db, viewer, id);
}

/**
 * Adds a prompt the caller may see at the end; adding it again changes nothing (idempotent: `added`
 * false). The collection's row is locked so that concurrent appends take distinct positions.
 */
export async function addItem(db: Database, actor: UserRow, id: string, promptId: string): Promise<{ collection: Collection; added: boolean }> {
  const added = await promptWriteTransaction(db, async (tx) => {
    await editableOr404(tx, actor, id);
    const [prompt] = await tx.select().from(prompts).where(eq(prompts.id, promptId)).limit(1);
    visibleOr404(actor, prompt);
    const [present] = await tx
      .select({ p: collectionItems.promptId })
      .from(collectionItems)
      .where(and(eq(collectionItems.collectionId, id), eq(collectionItems.promptId, promptId)));
    if (present) return false;
    if ((await countItems(tx, id)) >= MAX_COLLECTION_ITEMS) throw conflict(COLLECTION_MESSAGES.full, 'collection_full');
    await appendItem(tx, id, promptId);
    await tx.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, id));
    return true;
  });
  return { collection: await getCollection(db, actor, id), added };
}

/** Removes a prompt the caller may see; one that is not in the collection is no error (idempotent). */
export async function removeItem(db: Database, actor: UserRow, id: string, promptId: string): Promise<void> {
  await promptWriteTransaction(db, async (tx) => {
    await editableOr404(tx, actor, id);
    const [prompt] = await tx.select().from(prompts).where(eq(prompts.id, promptId)).limit(1);
    visibleOr404(actor, prompt);
    const removed = await tx
      .delete(collectionItems)
      .where(and(eq(collectionItems.collectionId, id), eq(collectionItems.promptId, promptId)))
      .returning({ p: collectionItems.promptId });
    if (removed.length) await tx.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, id));
  });
}

/**
 * The new order of the items the caller sees: `promptIds` must be exactly those, each once. Items they
 * do not see keep their slots (the n-th item of the collection stays the n-th); the caller's items fill
 * the other slots in the order given. So no one can move, drop or detect a prompt hidden from them.
 */
export async function reorderItems(db: Database, actor: UserRow, id: string, promptIds: string[]): Promise<Collection> {
  await promptWriteTransaction(db, async (tx) => {
    await editableOr404(tx, actor, id);
    const items = await orderedItems(tx, id, actor);
    const visible = new Set(items.filter((i) => i.visible).map((i) => i.promptId));
    const asked = promptIds.map((p) => p.toLowerCase());
    const seen = new Set<string>();
    const twice = asked.filter((p) => (seen.has(p) ? true : (seen.add(p), false)));
    const problem = twice.length
      ? `Listed more than once: ${[...new Set(twice)].join(', ')}`
      : asked.some((p) => !visible.has(p))
        ? `Not in this collection: ${asked.filter((p) => !visible.has(p)).join(', ')}`
        : asked.length < visible.size
          ? `Missing from the new order: ${[...visible].filter((p) => !seen.has(p)).join(', ')}`
          : null;
    if (problem) throw invalidFields(`The new order must list each prompt of the collection once. ${problem}`, { promptIds: problem });
    const next = [...asked];
    const order = items.map((item) => (item.visible ? next.shift()! : item.promptId));
    await rewritePositions(tx, id, order);
    await tx.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, id));
  });
  return getCollection(db, actor, id);
}

import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { canViewPrompt } from '../../../shared/policies/prompts';
import { RESTORED_SUFFIX, type TrashList } from '../../../shared/schemas/trash';
import type { Database } from '../../db/client';
import {
  promptFavorites,
  type PromptRow,
  prompts,
  promptUseCounts,
  promptHandovers,
  promptUseDays,
  promptUserUses,
  promptSuggestions,
  promptVotes,
  promptVersions,
  trashedPrompts,
  type UserRow,
  users,
} from '../../db/schema';
import { AppError, forbidden, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { promptWriteTransaction } from '../../lib/prompt-derived-cache';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/time-id-cursor';
import { canonicalAiModels, canonicalTags } from '../catalog/catalog.service';
import { auditTrash } from '../prompts/prompts.audit';
import { type Membership, membershipsOf, restoreMemberships } from '../collections/collections.lifecycle';

// The trash: a deleted prompt leaves `prompts` (so no list, search, count or export shows it) for
// `trashed_prompts`, with everything that hangs on it, and comes back whole on restore.

const DAY_MS = 24 * 60 * 60 * 1000;
const trashNotFound = () => notFound('Prompt not found in the trash', 'trash_not_found');

/** The columns a prompt is written with (generated ones are rebuilt by PostgreSQL). */
type StoredPrompt = Pick<
  PromptRow,
  | 'id'
  | 'title'
  | 'content'
  | 'notes'
  | 'aiModels'
  | 'tags'
  | 'userId'
  | 'userBusinessUnit'
  | 'authorName'
  | 'customFields'
  | 'createdAt'
  | 'updatedAt'
  // Who may see it comes back with it (snapshots from before visibility existed lack these: organization).
  | 'visibility'
  | 'visibleUnits'
  | 'coOwnerIds'
> &
  // Where it stood (snapshots from before statuses existed lack these: published).
  Partial<Pick<PromptRow, 'status' | 'replacementId' | 'verifiedBy' | 'verifiedAt' | 'reviewBy'>>;

interface Snapshot {
  prompt: StoredPrompt;
  versions: Array<typeof promptVersions.$inferSelect>;
  favorites: Array<{ userId: string; createdAt: Date }>;
  useCount: number | null;
  /** Its last use and uses per day (absent from snapshots made before Library Health). */
  lastUsedAt?: string | null;
  useDays?: Array<{ day: string; uses: number }>;
  /** Its mark of a prompt handed over from a deleted account (absent when it has none). */
  handover?: { fromName: string; fromEmail: string; handedAt: string } | null;
  userUses: Array<typeof promptUserUses.$inferSelect>;
  /** Its places in collections (absent from snapshots made before collections existed). */
  collections?: Membership[];
  /** Its votes and their notes (absent from snapshots made before feedback existed); the counts follow them. */
  votes?: Array<typeof promptVotes.$inferSelect>;
  /** Its suggested edits, open and decided (absent from snapshots made before suggestions existed). */
  suggestions?: Array<typeof promptSuggestions.$inferSelect>;
}

/** JSON turns dates into strings; these are the fields to turn back. */
const revive = <T extends Record<string, unknown>>(row: T, fields: readonly string[]): T =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, fields.includes(k) && typeof v === 'string' ? new Date(v) : v])) as T;

/** Moves a prompt to the trash in `tx`, with its versions, favourites and uses. */
/** `audit: false` when the caller records one event for many (a bulk action). */
export async function moveToTrash(tx: Database, prompt: PromptRow, actor: UserRow, options: { audit?: boolean } = {}): Promise<void> {
  const id = prompt.id;
  const [versions, favorites, counts, userUses, memberships, votes, suggestions, useDays, handovers] = await Promise.all([
    tx.select().from(promptVersions).where(eq(promptVersions.promptId, id)),
    tx.select({ userId: promptFavorites.userId, createdAt: promptFavorites.createdAt }).from(promptFavorites).where(eq(promptFavorites.promptId, id)),
    tx.select({ n: promptUseCounts.useCount, lastUsedAt: promptUseCounts.lastUsedAt }).from(promptUseCounts).where(eq(promptUseCounts.promptId, id)),
    tx.select().from(promptUserUses).where(eq(promptUserUses.promptId, id)),
    membershipsOf(tx, id),
    tx.select().from(promptVotes).where(eq(promptVotes.promptId, id)),
    tx.select().from(promptSuggestions).where(eq(promptSuggestions.promptId, id)),
    tx.select({ day: promptUseDays.day, uses: promptUseDays.uses }).from(promptUseDays).where(eq(promptUseDays.promptId, id)),
    tx.select().from(promptHandovers).where(eq(promptHandovers.promptId, id)),
  ]);
  const [mark] = handovers;
  const handover = mark ? { fromName: mark.fromName, fromEmail: mark.fromEmail, handedAt: mark.handedAt.toISOString() } : null;
  const { contentPreview: _preview, facets: _facets, searchVector: _vector, audience: _audience, ...stored } = prompt;
  const snapshot: Snapshot = {
    prompt: stored,
    versions,
    favorites,
    useCount: counts[0]?.n ?? null,
    lastUsedAt: counts[0]?.lastUsedAt?.toISOString() ?? null,
    useDays,
    handover,
    userUses,
    collections: memberships,
    votes,
    suggestions,
  };
  await tx
    .insert(trashedPrompts)
    .values({ id, ownerId: prompt.userId, title: prompt.title, trashedBy: actor.id, snapshot: snapshot as unknown as Record<string, unknown> })
    .onConflictDoUpdate({ target: trashedPrompts.id, set: { snapshot: snapshot as unknown as Record<string, unknown>, trashedAt: new Date() } });
  await tx.delete(prompts).where(eq(prompts.id, id));
  if (options.audit !== false) await auditTrash(tx, actor, 'prompt.trashed', [prompt]);
}

const canRestore = (viewer: UserRow, ownerId: string) => viewer.role === 'admin' || (viewer.id === ownerId && viewer.role !== 'read');

/**
 * Puts a trashed prompt back, with its id, dates, versions, favourites (of members who still exist)
 * and uses. A title the owner has meanwhile used again is a 409 naming it, unless `rename` appends
 * " (restored)".
 */
export async function restoreFromTrash(db: Database, viewer: UserRow, id: string, rename: boolean): Promise<{ id: string; title: string }> {
  const [row] = await db.select().from(trashedPrompts).where(eq(trashedPrompts.id, id)).limit(1);
  if (!row) throw trashNotFound();
  const snapshot = row.snapshot as unknown as Snapshot;
  // A prompt the caller could not see does not exist for them, in the trash as anywhere else: 404, not
  // a refusal that tells them it is there. Snapshots from before visibility existed are the organization's.
  const { visibility = 'organization', visibleUnits = [], coOwnerIds = [], status = 'published' } = snapshot.prompt;
  if (!canViewPrompt(viewer, { userId: row.ownerId, visibility, visibleUnits, coOwnerIds, status })) throw trashNotFound();
  if (!canRestore(viewer, row.ownerId)) throw forbidden('Only the prompt’s owner or an administrator can restore it');
  const [owner] = await db.select().from(users).where(eq(users.id, row.ownerId)).limit(1);
  if (!owner) throw trashNotFound();
  const title = rename ? `${row.title}${RESTORED_SUFFIX}` : row.title;
  const clash = () =>
    new AppError(409, 'title_taken', `A prompt titled “${title}” already exists. Restore this one as “${row.title}${RESTORED_SUFFIX}”?`, { title });
  try {
    await promptWriteTransaction(db, async (tx) => {
      const [taken] = await tx
        .select({ id: prompts.id })
        .from(prompts)
        .where(and(eq(prompts.userId, owner.id), sql`lower(${prompts.title}) = lower(${title})`))
        .limit(1);
      if (taken) throw clash();
      // People may have been deleted while it was in the trash: their co-ownerships, favourites and
      // uses go, and versions they saved keep their names without the link to the account.
      const coOwnerIds = snapshot.prompt.coOwnerIds ?? [];
      const mentioned = [
        ...coOwnerIds,
        ...snapshot.favorites.map((f) => f.userId),
        ...snapshot.userUses.map((u) => u.userId),
        ...(snapshot.votes ?? []).map((v) => v.userId),
        ...(snapshot.suggestions ?? []).flatMap((v) => [v.authorId, v.decidedBy]),
        ...snapshot.versions.map((v) => v.editorId),
        snapshot.prompt.verifiedBy,
      ];
      const ids = [...new Set(mentioned.filter((v): v is string => Boolean(v)))];
      const members = new Set(ids.length ? (await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((u) => u.id) : []);
      // Its replacement may have left meanwhile: the link goes, the deprecation stays.
      const replacementId = snapshot.prompt.replacementId;
      const replacementKept = replacementId ? (await tx.select({ id: prompts.id }).from(prompts).where(eq(prompts.id, replacementId))).length > 0 : false;
      await tx.insert(prompts).values({
        ...revive(snapshot.prompt as unknown as Record<string, unknown>, ['createdAt', 'updatedAt', 'verifiedAt', 'reviewBy']),
        replacementId: replacementKept ? replacementId : null,
        verifiedBy: snapshot.prompt.verifiedBy && members.has(snapshot.prompt.verifiedBy) ? snapshot.prompt.verifiedBy : null,
        id,
        title,
        userId: owner.id,
        // Back in the catalog if they were renamed, merged or deleted meanwhile.
        tags: await canonicalTags(tx, snapshot.prompt.tags),
        aiModels: await canonicalAiModels(tx, snapshot.prompt.aiModels),
        authorName: `${owner.firstName} ${owner.lastName}`.trim(),
        coOwnerIds: coOwnerIds.filter((coOwner) => members.has(coOwner) && coOwner !== owner.id),
      } as typeof prompts.$inferInsert);
      if (snapshot.versions.length) {
        await tx
          .insert(promptVersions)
          .values(snapshot.versions.map((v) => ({ ...revive(v, ['createdAt']), editorId: v.editorId && members.has(v.editorId) ? v.editorId : null })));
      }
      const favorites = snapshot.favorites.filter((f) => members.has(f.userId));
      if (favorites.length) await tx.insert(promptFavorites).values(favorites.map((f) => ({ ...revive(f, ['createdAt']), promptId: id })));
      if (snapshot.useCount) {
        const lastUsedAt = snapshot.lastUsedAt ? new Date(snapshot.lastUsedAt) : null;
        await tx.insert(promptUseCounts).values({ promptId: id, useCount: snapshot.useCount, lastUsedAt });
      }
      if (snapshot.useDays?.length) await tx.insert(promptUseDays).values(snapshot.useDays.map((d) => ({ ...d, promptId: id })));
      // Orphaned as it was; or handed over while in the trash (its owner's account was deleted meanwhile).
      const handedOver =
        snapshot.handover && owner.id === snapshot.prompt.userId
          ? { ...snapshot.handover, handedAt: new Date(snapshot.handover.handedAt) }
          : owner.id !== snapshot.prompt.userId
            ? { fromName: snapshot.prompt.authorName, fromEmail: '', handedAt: new Date() }
            : null;
      if (handedOver) await tx.insert(promptHandovers).values({ promptId: id, ...handedOver });
      const uses = snapshot.userUses.filter((u) => members.has(u.userId));
      if (uses.length) await tx.insert(promptUserUses).values(uses.map((u) => revive(u, ['lastUsedAt'])));
      // The trigger on the votes counts them again.
      const votes = (snapshot.votes ?? []).filter((v) => members.has(v.userId));
      if (votes.length) await tx.insert(promptVotes).values(votes.map((v) => revive(v, ['createdAt', 'updatedAt'])));
      // Suggestions come back with their authors; a decider deleted meanwhile is no longer named.
      const suggestions = (snapshot.suggestions ?? []).filter((v) => members.has(v.authorId));
      if (suggestions.length) {
        await tx
          .insert(promptSuggestions)
          .values(
            suggestions.map((v) => ({ ...revive(v, ['createdAt', 'decidedAt']), decidedBy: v.decidedBy && members.has(v.decidedBy) ? v.decidedBy : null })),
          );
      }
      await restoreMemberships(tx, id, snapshot.collections);
      await tx.delete(trashedPrompts).where(eq(trashedPrompts.id, id));
      await auditTrash(tx, viewer, 'prompt.restored', [{ id, title }], title !== row.title ? ` (was “${row.title}”)` : '');
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw clash();
    throw err;
  }
  return { id, title };
}

/** Deletes a trashed prompt for good (admins). */
export async function deleteFromTrash(db: Database, actor: UserRow, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(trashedPrompts).where(eq(trashedPrompts.id, id)).returning({ id: trashedPrompts.id, title: trashedPrompts.title });
    if (!deleted) throw trashNotFound();
    await auditTrash(tx, actor, 'prompt.deleted', [deleted]);
  });
}

/** Empties the trash of prompts deleted more than `retentionDays` ago. Returns how many went. */
export async function purgeTrash(db: Database, retentionDays: number): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(trashedPrompts)
      .where(lt(trashedPrompts.trashedAt, new Date(Date.now() - retentionDays * DAY_MS)))
      .returning({ id: trashedPrompts.id, title: trashedPrompts.title });
    await auditTrash(tx, null, 'prompt.deleted', deleted, ` (in the trash for more than ${retentionDays} days)`);
    return deleted.length;
  });
}

/** The caller's trashed prompts (an admin's `all`: everyone's), the latest deleted first. */
export async function listTrash(
  db: Database,
  viewer: UserRow,
  { all, limit, cursor, retentionDays }: { all: boolean; limit: number; cursor?: string; retentionDays: number },
): Promise<TrashList> {
  if (all && viewer.role !== 'admin') throw forbidden('Only administrators can see everyone’s trash');
  const scope = all ? undefined : eq(trashedPrompts.ownerId, viewer.id);
  const after = cursor ? decodeTimeIdCursor(cursor) : null;
  const page = after ? or(lt(trashedPrompts.trashedAt, after.at), and(eq(trashedPrompts.trashedAt, after.at), lt(trashedPrompts.id, after.id))) : undefined;
  const owner = alias(users, 'owner');
  const trasher = alias(users, 'trasher');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        row: trashedPrompts,
        owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
        trasher: { id: trasher.id, firstName: trasher.firstName, lastName: trasher.lastName },
      })
      .from(trashedPrompts)
      .innerJoin(owner, eq(owner.id, trashedPrompts.ownerId))
      .leftJoin(trasher, eq(trasher.id, trashedPrompts.trashedBy))
      .where(and(scope, page))
      .orderBy(desc(trashedPrompts.trashedAt), desc(trashedPrompts.id))
      .limit(limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(trashedPrompts)
      .where(scope),
  ]);
  const items = rows.slice(0, limit).map(({ row, owner: o, trasher: t }) => ({
    id: row.id,
    title: row.title,
    owner: o,
    trashedBy: t?.id ? { id: t.id, firstName: t.firstName, lastName: t.lastName } : null,
    trashedAt: row.trashedAt.toISOString(),
    purgeAt: new Date(row.trashedAt.getTime() + retentionDays * DAY_MS).toISOString(),
    canRestore: canRestore(viewer, row.ownerId),
  }));
  const last = rows.length > limit ? rows[limit - 1]!.row : null;
  return { items, total: Number(counted?.n ?? 0), nextCursor: last ? encodeTimeIdCursor(last.trashedAt, last.id) : null };
}

import { and, asc, eq, gt, ilike, or, sql } from 'drizzle-orm';
import { canCreatePrompt, canEditPrompt } from '../../../shared/policies/prompts';
import {
  SNIPPET_MESSAGES,
  type Snippet,
  type SnippetCreate,
  type SnippetDetail,
  type SnippetList,
  type SnippetListQuery,
  snippetNameTakenMessage,
  type SnippetUpdate,
} from '../../../shared/schemas/snippets';
import type { Database } from '../../db/client';
import { type SnippetRow, snippets, snippetVersions, type UserRow, users } from '../../db/schema';
import { AppError, conflict, forbidden, invalidFields, notFound, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { afterPromptWrite } from '../../lib/prompt-derived-cache';
import { recordAudit } from '../audit/audit';
import { listBusinessUnitNames } from '../business-units/business-units.service';
import { resolveVisibility, sameVisibility } from '../prompts/prompts.visibility';
import { checkInclusions, snippetSeenBy } from './snippet-resolver';
import { snippetInUse, snippetInUseGuard, unreachedReaders } from './snippets.guards';
import { includedBy, levelsAbove, renameInclusions, usedIn, usedInCounts } from './snippets.usage';

// Snippets: create, read, change, delete. Anyone signed in reads those shared with them; editors
// create them; their owner and administrators change and delete them. Every change is a version, but
// for who may see it (as for prompts), and an audit event.

export const snippetNotFound = () => notFound(SNIPPET_MESSAGES.notFound, 'snippet_not_found');

type Owner = Pick<UserRow, 'id' | 'firstName' | 'lastName'>;

function toSnippet(row: SnippetRow, owner: Owner, viewer: UserRow, usedInCount: number): Snippet {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    visibility: row.visibility,
    units: row.visibleUnits,
    owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
    version: row.version,
    canEdit: canEditPrompt(viewer, row),
    usedInCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ownerColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, businessUnit: users.businessUnit };

/** The row and its owner, if the viewer may see it; else the 404 of one that does not exist. */
async function visibleSnippet(db: Database, viewer: UserRow, id: string, lock: false | 'change' | 'delete' = false) {
  const query = db
    .select({ snippet: snippets, owner: ownerColumns })
    .from(snippets)
    .innerJoin(users, eq(users.id, snippets.userId))
    .where(and(eq(snippets.id, id), snippetSeenBy(viewer)))
    .limit(1);
  // A change locks without blocking the key checks of prompts that include it (a rename then waits on
  // no one holding those); a delete locks against them.
  const [found] = lock === 'delete' ? await query.for('update', { of: snippets }) : lock ? await query.for('no key update', { of: snippets }) : await query;
  if (!found) throw snippetNotFound();
  return found;
}

function editableBy(viewer: UserRow, row: SnippetRow) {
  if (viewer.role === 'read') throw forbidden(SNIPPET_MESSAGES.readOnly);
  if (!canEditPrompt(viewer, row)) throw new AppError(403, 'forbidden', SNIPPET_MESSAGES.notYours);
}

/** A page of the snippets the viewer sees, by name; `search` within the names. */
export async function listSnippets(db: Database, viewer: UserRow, query: SnippetListQuery): Promise<SnippetList> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({ snippet: snippets, owner: ownerColumns })
    .from(snippets)
    .innerJoin(users, eq(users.id, snippets.userId))
    .where(
      and(
        snippetSeenBy(viewer),
        query.search ? ilike(snippets.name, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        after ? or(gt(sql`lower(${snippets.name})`, after.name), and(eq(sql`lower(${snippets.name})`, after.name), gt(snippets.id, after.id))) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${snippets.name})`), asc(snippets.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const counts = await usedInCounts(
    db,
    viewer,
    page.map((r) => r.snippet.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((r) => toSnippet(r.snippet, r.owner, viewer, counts.get(r.snippet.id) ?? 0)),
    nextCursor:
      rows.length > query.limit && last ? Buffer.from(JSON.stringify([last.snippet.name.toLowerCase(), last.snippet.id])).toString('base64url') : null,
  };
}

function decodeCursor(cursor: string): { name: string; id: string } {
  try {
    const [name, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof name === 'string' && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) return { name, id };
  } catch {
    // Falls through to the 400.
  }
  throw invalidFields('Invalid cursor', { cursor: 'Invalid cursor' });
}

export async function getSnippet(db: Database, viewer: UserRow, id: string): Promise<SnippetDetail> {
  const { snippet, owner } = await visibleSnippet(db, viewer, id);
  const [uses, includers, versions] = await Promise.all([
    usedIn(db, viewer, id),
    includedBy(db, viewer, id),
    db
      .select()
      .from(snippetVersions)
      .where(eq(snippetVersions.snippetId, id))
      .orderBy(sql`${snippetVersions.version} desc`),
  ]);
  return {
    ...toSnippet(snippet, owner, viewer, uses.visible),
    usedIn: uses.prompts,
    hiddenUsedInCount: uses.hidden,
    includedBy: includers,
    versions: versions.map((v) => ({ version: v.version, name: v.name, content: v.content, authorName: v.authorName, createdAt: v.createdAt.toISOString() })),
  };
}

const authorName = (u: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) => `${u.firstName} ${u.lastName}`.trim() || u.email;

function nameTaken(err: unknown, name: string): never {
  if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(snippetNameTakenMessage(name), 'snippet_name_taken');
  throw err;
}

export async function createSnippet(db: Database, actor: UserRow, data: SnippetCreate): Promise<SnippetDetail> {
  if (!canCreatePrompt(actor)) throw forbidden(SNIPPET_MESSAGES.readOnly);
  const visibility = resolveVisibility(data, actor, await listBusinessUnitNames(db), 'organization');
  const { problem } = await checkInclusions(db, actor, data.content, { ...visibility.values, people: [actor] }, { name: data.name, levelsAbove: 0 });
  const errors = { ...visibility.errors, ...(problem ? { content: problem } : {}) };
  if (Object.keys(errors).length) throw invalidFields(Object.values(errors)[0]!, errors);
  let id = '';
  await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(snippets)
        .values({ name: data.name, content: data.content, userId: actor.id, ...visibility.values })
        .returning();
      id = row!.id;
      await tx.insert(snippetVersions).values({ snippetId: id, version: 1, name: row!.name, content: row!.content, authorName: authorName(actor) });
      await recordAudit(tx, {
        actor,
        action: 'snippet.created',
        target: { type: 'snippet', id },
        summary: `Created snippet “${row!.name}”`,
        after: audited(row!),
      });
    })
    .catch((err: unknown) => nameTaken(err, data.name));
  return getSnippet(db, actor, id);
}

const audited = (s: Pick<SnippetRow, 'name' | 'visibility' | 'visibleUnits' | 'content'>) => ({
  name: s.name,
  visibility: s.visibility,
  units: s.visibleUnits,
  // The text is not kept in the log (it may hold what only some may read): its length is.
  contentLength: s.content.length,
});

/**
 * A partial update. A new name is carried into every text that includes the snippet; a new text
 * changes every prompt that includes it. Shared more narrowly, it must still reach every reader of
 * the texts that include it (else a 409 naming them).
 */
export async function updateSnippet(db: Database, actor: UserRow, id: string, data: SnippetUpdate): Promise<SnippetDetail> {
  const unitNames = await listBusinessUnitNames(db);
  await db
    .transaction(async (tx) => {
      const { snippet: before, owner } = await visibleSnippet(tx, actor, id, 'change');
      editableBy(actor, before);
      const visibility = resolveVisibility(data, owner, unitNames, before.visibility, before);
      const next = { name: data.name ?? before.name, content: data.content ?? before.content, ...visibility.values };
      const { problem } = await checkInclusions(
        tx,
        actor,
        next.content,
        { ...visibility.values, people: [owner] },
        { name: next.name, levelsAbove: await levelsAbove(tx, id) },
      );
      const errors = { ...visibility.errors, ...(problem ? { content: problem } : {}) };
      if (Object.keys(errors).length) throw invalidFields(Object.values(errors)[0]!, errors);
      // Shared more narrowly: the texts it reached must still be reached (those it no longer did are not its doing).
      if (!sameVisibility(before, visibility.values)) {
        const unreached = await unreachedReaders(tx, actor, id, before, { ...next, userId: before.userId });
        if (unreached) throw snippetInUse(`Shared this way, the snippet would be missing for readers of ${unreached}`);
      }
      const versioned = next.content !== before.content || next.name !== before.name;
      const [after] = await tx
        .update(snippets)
        .set({ ...next, ...(versioned ? { version: before.version + 1, updatedAt: new Date() } : {}) })
        .where(eq(snippets.id, id))
        .returning();
      if (next.name !== before.name) await renameInclusions(tx, id, before.name, next.name);
      if (versioned) {
        await tx
          .insert(snippetVersions)
          .values({ snippetId: id, version: after!.version, name: after!.name, content: after!.content, authorName: authorName(actor) });
      }
      await recordAudit(tx, {
        actor,
        action: 'snippet.updated',
        target: { type: 'snippet', id },
        summary: next.name !== before.name ? `Renamed snippet “${before.name}” to “${next.name}”` : `Changed snippet “${next.name}”`,
        before: audited(before),
        after: audited(after!),
      });
    })
    .catch((err: unknown) => nameTaken(err, data.name ?? ''))
    // Prompts that include it read differently now (and were rewritten, on a rename).
    .finally(() => afterPromptWrite(db));
  return getSnippet(db, actor, id);
}

/** Deletes a snippet no text includes any more; one still included is a 409 naming where. */
export async function deleteSnippet(db: Database, actor: UserRow, id: string): Promise<void> {
  await db
    .transaction(async (tx) => {
      const { snippet } = await visibleSnippet(tx, actor, id, 'delete');
      editableBy(actor, snippet);
      await snippetInUseGuard(tx, actor, snippet);
      await tx.delete(snippets).where(eq(snippets.id, id));
      await recordAudit(tx, {
        actor,
        action: 'snippet.deleted',
        target: { type: 'snippet', id },
        summary: `Deleted snippet “${snippet.name}”`,
        before: audited(snippet),
      });
    })
    .catch((err: unknown) => {
      // A prompt that started to include it meanwhile: the link's foreign key refuses.
      if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw snippetInUse('The snippet was just included somewhere: it can no longer be deleted');
      throw err;
    });
}

/** A member's snippets pass to `to` when the member is deleted: prompts of others may include them. */
export async function handOverSnippets(tx: Database, fromId: string, toId: string): Promise<void> {
  await tx.update(snippets).set({ userId: toId }).where(eq(snippets.userId, fromId));
}

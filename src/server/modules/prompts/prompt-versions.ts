import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { PromptVersion, PromptVersionList, PromptVersionSummary } from '../../../shared/schemas/prompts';
import type { Database } from '../../db/client';
import { type PromptRow, promptVersions, type PromptVersionRow, users } from '../../db/schema';
import { invalidFields, notFound } from '../../errors';
import { INVALID_CURSOR_MESSAGE } from '../../../shared/schemas/prompts';

// A prompt's versions: written in the transaction of each create, update and restore, read by the
// History tab. Version rows are never updated; they go only with their prompt.

/** What a version keeps of a prompt. */
export type PromptState = Pick<PromptRow, 'title' | 'content' | 'notes' | 'aiModels' | 'tags' | 'userBusinessUnit' | 'customFields' | 'variableDefinitions'>;
type Editor = { id: string; firstName: string; lastName: string };

const SIMPLE_FIELDS = ['title', 'content', 'notes', 'aiModels', 'tags', 'userBusinessUnit', 'variableDefinitions'] as const;

/** JSON with object keys sorted, so that two equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The fields whose values differ between two states (custom fields one by one, as
 * `customFields.<name>`); with no previous state, every field that has a value.
 */
export function changedFields(before: PromptState | null, after: PromptState): string[] {
  const changed: string[] = [];
  for (const field of SIMPLE_FIELDS) {
    if (before ? canonical(before[field]) !== canonical(after[field]) : !isEmpty(after[field])) changed.push(field);
  }
  const names = new Set([...Object.keys(before?.customFields ?? {}), ...Object.keys(after.customFields)]);
  for (const name of [...names].sort()) {
    const old = before?.customFields[name];
    const now = after.customFields[name];
    if (before ? canonical(isEmpty(old) ? null : old) !== canonical(isEmpty(now) ? null : now) : !isEmpty(now)) changed.push(`customFields.${name}`);
  }
  return changed;
}

/** The editable state a version keeps, out of a prompt row or anything shaped like one. */
export const stateOf = (row: PromptState): PromptState => ({
  title: row.title,
  content: row.content,
  notes: row.notes,
  aiModels: row.aiModels,
  tags: row.tags,
  userBusinessUnit: row.userBusinessUnit,
  customFields: row.customFields,
  // Versions written before variables had definitions have none.
  variableDefinitions: row.variableDefinitions ?? [],
});

/**
 * Stores the prompt's new state as its next version. A prompt that has no version yet (created before
 * versions were kept) first gets version 1: its state before this change, saved by its author. Runs
 * in the transaction that changed the prompt, after the change: the prompt's row lock orders
 * concurrent saves, so version numbers never clash.
 */
export async function recordVersion(
  tx: Database,
  prompt: PromptRow,
  editor: Editor,
  options: { before?: PromptRow; note?: string | null; changed?: string[]; suggestedBy?: Editor } = {},
): Promise<number> {
  const [last] = await tx
    .select({ number: promptVersions.number })
    .from(promptVersions)
    .where(eq(promptVersions.promptId, prompt.id))
    .orderBy(desc(promptVersions.number))
    .limit(1);
  let number = last?.number ?? 0;
  const { before } = options;
  if (number === 0 && before) {
    const [author] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, before.userId));
    await tx.insert(promptVersions).values({
      ...stateOf(before),
      promptId: prompt.id,
      number: ++number,
      editorId: author ? before.userId : null,
      editorFirstName: author?.firstName ?? '',
      editorLastName: author?.lastName ?? '',
      createdAt: before.updatedAt,
      note: null,
      changedFields: changedFields(null, before),
      suggestedBy: null,
    });
  }
  await tx.insert(promptVersions).values({
    ...stateOf(prompt),
    promptId: prompt.id,
    number: ++number,
    editorId: editor.id,
    editorFirstName: editor.firstName,
    editorLastName: editor.lastName,
    note: options.note ?? null,
    changedFields: options.changed ?? changedFields(before ? stateOf(before) : null, prompt),
    suggestedBy: options.suggestedBy ? { id: options.suggestedBy.id, firstName: options.suggestedBy.firstName, lastName: options.suggestedBy.lastName } : null,
  });
  return number;
}

/** The first version of a prompt that has none stored: its current state, saved by its author. */
function impliedFirstVersion(prompt: PromptRow, author: Editor | undefined): PromptVersionRow {
  return {
    ...stateOf(prompt),
    id: prompt.id,
    promptId: prompt.id,
    number: 1,
    editorId: author?.id ?? null,
    editorFirstName: author?.firstName ?? '',
    editorLastName: author?.lastName ?? '',
    createdAt: prompt.createdAt,
    note: null,
    changedFields: changedFields(null, prompt),
    suggestedBy: null,
  };
}

function toSummary(row: PromptVersionRow): PromptVersionSummary {
  return {
    number: row.number,
    editor: { id: row.editorId, firstName: row.editorFirstName, lastName: row.editorLastName },
    createdAt: row.createdAt.toISOString(),
    note: row.note,
    changedFields: row.changedFields,
    suggestedBy: row.suggestedBy ?? null,
  };
}

export function toVersion(row: PromptVersionRow): PromptVersion {
  return { ...toSummary(row), ...stateOf(row), notes: row.notes };
}

async function authorOf(db: Database, prompt: PromptRow): Promise<Editor | undefined> {
  const [author] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, prompt.userId));
  return author;
}

/** The current version's number and editor, for the prompt's "Last edited by". */
export async function latestVersion(db: Database, prompt: PromptRow): Promise<{ version: number; lastEditor: PromptVersionSummary['editor'] }> {
  const [row] = await db
    .select({ number: promptVersions.number, id: promptVersions.editorId, firstName: promptVersions.editorFirstName, lastName: promptVersions.editorLastName })
    .from(promptVersions)
    .where(eq(promptVersions.promptId, prompt.id))
    .orderBy(desc(promptVersions.number))
    .limit(1);
  if (row) return { version: row.number, lastEditor: { id: row.id, firstName: row.firstName, lastName: row.lastName } };
  const author = await authorOf(db, prompt);
  return { version: 1, lastEditor: { id: author?.id ?? null, firstName: author?.firstName ?? '', lastName: author?.lastName ?? '' } };
}

const encodeNumber = (n: number) => Buffer.from(String(n)).toString('base64url');
function decodeNumber(cursor: string): number {
  const n = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(n) || n < 1) throw invalidFields(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  return n;
}

/** A page of the prompt's versions, newest first (keyset on the number). */
export async function listVersions(db: Database, prompt: PromptRow, limit: number, cursor?: string): Promise<PromptVersionList> {
  const before = cursor ? decodeNumber(cursor) : null;
  const mine = eq(promptVersions.promptId, prompt.id);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(promptVersions)
      .where(before ? and(mine, lt(promptVersions.number, before)) : mine)
      .orderBy(desc(promptVersions.number))
      .limit(limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(promptVersions)
      .where(mine),
  ]);
  if (Number(counted?.n ?? 0) === 0) {
    return { items: before ? [] : [toSummary(impliedFirstVersion(prompt, await authorOf(db, prompt)))], total: 1, nextCursor: null };
  }
  const page = rows.slice(0, limit);
  return { items: page.map(toSummary), total: Number(counted!.n), nextCursor: rows.length > limit ? encodeNumber(page.at(-1)!.number) : null };
}

export async function getVersion(db: Database, prompt: PromptRow, number: number): Promise<PromptVersionRow> {
  const [row] = await db
    .select()
    .from(promptVersions)
    .where(and(eq(promptVersions.promptId, prompt.id), eq(promptVersions.number, number)))
    .limit(1);
  if (row) return row;
  if (number === 1) {
    const [any] = await db.select({ n: promptVersions.number }).from(promptVersions).where(eq(promptVersions.promptId, prompt.id)).limit(1);
    if (!any) return impliedFirstVersion(prompt, await authorOf(db, prompt));
  }
  throw notFound('Version not found', 'version_not_found');
}

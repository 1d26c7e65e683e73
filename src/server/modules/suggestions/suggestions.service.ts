import { and, count, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { canEditPrompt } from '../../../shared/policies/prompts';
import { canDecideSuggestions } from '../../../shared/policies/prompt-status';
import {
  MAX_OPEN_SUGGESTIONS_PER_MEMBER,
  SUGGESTED_FIELDS,
  SUGGESTION_MESSAGES,
  type Suggestion,
  type SuggestionInput,
  type SuggestionList,
  type SuggestionListQuery,
} from '../../../shared/schemas/suggestions';
import type { Database } from '../../db/client';
import { prompts, promptSuggestions, promptVersions, type UserRow, users } from '../../db/schema';
import { conflict, forbidden, invalidFields, notFound } from '../../errors';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/time-id-cursor';
import { canonicalTags } from '../catalog/catalog.service';
import { notify, keepersOf } from '../inbox/inbox.notify';
import { latestVersion } from '../prompts/prompt-versions';
import { loadVisiblePrompt, visibleOr404 } from '../prompts/prompts.visibility';
import { currentText, decidedBy, type SuggestionParts, toSuggestion } from './suggestions.view';

// Suggested edits: made by members who may see a prompt but not edit it, decided (suggestions.decide.ts)
// by its owner, co-owners and curators. Only what differs from the prompt's text when suggested is kept.

export const suggestionNotFound = () => notFound(SUGGESTION_MESSAGES.notFound, 'suggestion_not_found');

const author = alias(users, 'suggestion_author');
const decider = alias(users, 'suggestion_decider');

/** Suggestions with their prompts and people, newest first; `where` on promptSuggestions and prompts. */
export async function selectSuggestions(db: Database, where: SQL | undefined, limit: number): Promise<SuggestionParts[]> {
  const rows = await db
    .select({
      row: promptSuggestions,
      prompt: prompts,
      author: { id: author.id, firstName: author.firstName, lastName: author.lastName },
      decider: { id: decider.id, firstName: decider.firstName, lastName: decider.lastName },
      currentVersion: sql<number>`coalesce((select max(${promptVersions.number}) from ${promptVersions} where ${promptVersions.promptId} = ${prompts.id}), 1)`,
    })
    .from(promptSuggestions)
    .innerJoin(prompts, eq(prompts.id, promptSuggestions.promptId))
    .innerJoin(author, eq(author.id, promptSuggestions.authorId))
    .leftJoin(decider, eq(decider.id, promptSuggestions.decidedBy))
    .where(where)
    .orderBy(desc(promptSuggestions.createdAt), desc(promptSuggestions.id))
    .limit(limit);
  return rows.map((r) => ({
    row: r.row,
    prompt: r.prompt,
    author: r.author,
    decidedBy: r.row.decidedBy && r.decider ? r.decider : r.row.decidedAt ? { id: null, firstName: '', lastName: '' } : null,
    currentVersion: Number(r.currentVersion),
  }));
}

/** One suggestion as `viewer` may read it: 404 unless they may see its prompt and decide it or made it. */
export async function getSuggestion(db: Database, viewer: UserRow, id: string): Promise<Suggestion> {
  const [parts] = await selectSuggestions(db, eq(promptSuggestions.id, id), 1);
  if (!parts) throw suggestionNotFound();
  visibleOr404(viewer, parts.prompt);
  if (parts.row.authorId !== viewer.id && !canDecideSuggestions(viewer, parts.prompt)) throw suggestionNotFound();
  return toSuggestion(viewer, parts);
}

export async function createSuggestion(db: Database, viewer: UserRow, promptId: string, input: SuggestionInput & { message: string }): Promise<Suggestion> {
  const prompt = await loadVisiblePrompt(db, viewer, promptId);
  if (canEditPrompt(viewer, prompt)) throw forbidden(SUGGESTION_MESSAGES.editorsEdit);
  const suggested = { ...input, tags: input.tags === undefined ? undefined : await canonicalTags(db, input.tags) };
  const now = currentText(prompt);
  const fields = SUGGESTED_FIELDS.filter((field) => suggested[field] !== undefined && JSON.stringify(suggested[field]) !== JSON.stringify(now[field]));
  if (!fields.length) throw invalidFields(SUGGESTION_MESSAGES.nothingChanged, { message: SUGGESTION_MESSAGES.nothingChanged });
  const { version } = await latestVersion(db, prompt);
  const id = await db.transaction(async (tx) => {
    // The prompt's key-share lock, as a vote takes it: a delete running at the same time is waited for.
    const [locked] = await tx.select({ id: prompts.id }).from(prompts).where(eq(prompts.id, promptId)).for('key share');
    if (!locked) throw notFound('Prompt not found', 'prompt_not_found');
    const [open] = await tx
      .select({ n: count() })
      .from(promptSuggestions)
      .where(and(eq(promptSuggestions.authorId, viewer.id), eq(promptSuggestions.promptId, promptId), eq(promptSuggestions.status, 'open')));
    if (Number(open?.n ?? 0) >= MAX_OPEN_SUGGESTIONS_PER_MEMBER) throw conflict(SUGGESTION_MESSAGES.tooMany, 'too_many_suggestions');
    const [row] = await tx
      .insert(promptSuggestions)
      .values({
        promptId,
        authorId: viewer.id,
        fields: [...fields],
        title: fields.includes('title') ? suggested.title : null,
        content: fields.includes('content') ? suggested.content : null,
        notes: fields.includes('notes') ? (suggested.notes ?? null) : null,
        tags: fields.includes('tags') ? suggested.tags : null,
        message: input.message,
        baseVersion: version,
      })
      .returning({ id: promptSuggestions.id });
    await notify(tx, keepersOf(prompt), { type: 'suggestion_received', actorId: viewer.id, promptId, suggestionId: row!.id, detail: input.message });
    return row!.id;
  });
  return getSuggestion(db, viewer, id);
}

function pageConditions(query: SuggestionListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(promptSuggestions.status, query.status));
  if (query.cursor) {
    const after = decodeTimeIdCursor(query.cursor);
    conditions.push(or(lt(promptSuggestions.createdAt, after.at), and(eq(promptSuggestions.createdAt, after.at), lt(promptSuggestions.id, after.id)))!);
  }
  return conditions;
}

async function page(db: Database, viewer: UserRow, where: SQL | undefined, limit: number): Promise<SuggestionList> {
  const rows = await selectSuggestions(db, where, limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1)?.row;
  return {
    items: items.map((parts) => toSuggestion(viewer, parts)),
    nextCursor: rows.length > limit && last ? encodeTimeIdCursor(last.createdAt, last.id) : null,
  };
}

/** A prompt's suggestions: all of them for those who decide them, one's own for anyone else. */
export async function listPromptSuggestions(db: Database, viewer: UserRow, promptId: string, query: SuggestionListQuery): Promise<SuggestionList> {
  const prompt = await loadVisiblePrompt(db, viewer, promptId);
  const whose = canDecideSuggestions(viewer, prompt) ? [] : [eq(promptSuggestions.authorId, viewer.id)];
  return page(db, viewer, and(eq(promptSuggestions.promptId, promptId), ...whose, ...pageConditions(query)), query.limit);
}

/** The Suggestions page: those the viewer decides (`mine`: those the viewer made), across prompts. */
export async function listSuggestions(db: Database, viewer: UserRow, query: SuggestionListQuery & { mine: boolean }): Promise<SuggestionList> {
  const whose = query.mine ? eq(promptSuggestions.authorId, viewer.id) : decidedBy(viewer);
  return page(db, viewer, and(...(whose ? [whose] : []), ...pageConditions(query)), query.limit);
}

/** Open suggestions on a prompt, for its page (counted for those who decide them; 0 for others). */
export async function openSuggestionCount(db: Database, viewer: UserRow, prompt: Parameters<typeof canDecideSuggestions>[1] & { id: string }): Promise<number> {
  if (!canDecideSuggestions(viewer, prompt)) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(promptSuggestions)
    .where(and(eq(promptSuggestions.promptId, prompt.id), eq(promptSuggestions.status, 'open')));
  return Number(row?.n ?? 0);
}

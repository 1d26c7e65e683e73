import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { canDecideSuggestions } from '../../../shared/policies/prompt-status';
import type { SuggestedChanges, Suggestion, SuggestionBaseText } from '../../../shared/schemas/suggestions';
import { type PromptRow, prompts, type PromptSuggestionRow, type UserRow } from '../../db/schema';
import { accessKeys, visibleTo } from '../prompt-query';

// A suggestion as the API shows it, and the SQL form of who decides one (the same rule as
// canDecideSuggestions: the prompt's editors and curators, among those who may see it).

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

type Person = { id: string | null; firstName: string; lastName: string };

/** Only the fields the suggestion changes. */
export function changesOf(row: Pick<PromptSuggestionRow, 'fields' | 'title' | 'content' | 'notes' | 'tags'>): SuggestedChanges {
  const changes: SuggestedChanges = {};
  if (row.fields.includes('title')) changes.title = row.title ?? '';
  if (row.fields.includes('content')) changes.content = row.content ?? '';
  if (row.fields.includes('notes')) changes.notes = row.notes;
  if (row.fields.includes('tags')) changes.tags = row.tags ?? [];
  return changes;
}

export const currentText = (prompt: Pick<PromptRow, 'title' | 'content' | 'notes' | 'tags'>): SuggestionBaseText => ({
  title: prompt.title,
  content: prompt.content,
  notes: prompt.notes,
  tags: prompt.tags,
});

export interface SuggestionParts {
  row: PromptSuggestionRow;
  prompt: PromptRow;
  author: Person;
  decidedBy: Person | null;
  currentVersion: number;
}

export function toSuggestion(viewer: UserRow, { row, prompt, author, decidedBy, currentVersion }: SuggestionParts): Suggestion {
  return {
    id: row.id,
    promptId: row.promptId,
    status: row.status,
    message: row.message,
    author,
    changes: changesOf(row),
    baseVersion: row.baseVersion,
    currentVersion,
    current: currentText(prompt),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy,
    reply: row.reply,
    acceptedVersion: row.acceptedVersion,
    canDecide: row.status === 'open' && canDecideSuggestions(viewer, prompt),
  };
}

/** The prompts whose suggestions `viewer` decides, as a condition on `prompts` (null: every prompt, for admins). */
export function decidedBy(viewer: UserRow): SQL | null {
  const keys = accessKeys(viewer);
  if (!keys) return null;
  const editors = viewer.role === 'edit' ? [eq(prompts.userId, viewer.id), sql`${viewer.id}::uuid = any(${prompts.coOwnerIds})`] : [];
  const units = viewer.curatorUnits;
  const curated = units.length
    ? [sql`${prompts.userBusinessUnit} = any(${textArray(units)})`, and(eq(prompts.visibility, 'units'), sql`${prompts.visibleUnits} && ${textArray(units)}`)!]
    : [];
  if (!editors.length && !curated.length) return sql`false`;
  return and(or(...editors, ...curated), visibleTo(keys))!;
}

import { canViewPrompt } from '../../../shared/policies/prompts';
import { type PromptData, type PromptDefaults, visibilityIssues } from '../../../shared/schemas/prompts';
import { type Visibility, VISIBILITY_MESSAGES } from '../../../shared/visibility';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type PromptRow, prompts, type UserRow } from '../../db/schema';
import { notFound } from '../../errors';

// The one-prompt side of who may see what: a prompt someone may not see does not exist for them (404,
// never 403, so its existence leaks nothing), and what a write asks for is resolved here. Lists apply
// the same rule in SQL (prompt-query/query.visibility.ts).

export const promptNotFound = () => notFound('Prompt not found', 'prompt_not_found');

/** The row, if `viewer` may see it; else the same 404 as a prompt that does not exist. */
export function visibleOr404<T extends Pick<PromptRow, 'userId' | 'visibility' | 'visibleUnits' | 'coOwnerIds' | 'status'>>(
  viewer: UserRow,
  row: T | undefined,
): T {
  if (!row || !canViewPrompt(viewer, row)) throw promptNotFound();
  return row;
}

/** Reads one prompt (locked against deletion with `lock`, inside a transaction) for `viewer`, or the 404. */
export async function loadVisiblePrompt(db: Database, viewer: UserRow, promptId: string, lock = false): Promise<PromptRow> {
  const query = db.select().from(prompts).where(eq(prompts.id, promptId)).limit(1);
  const [row] = lock ? await query.for('key share') : await query;
  return visibleOr404(viewer, row);
}

export interface VisibilityValues {
  visibility: Visibility;
  visibleUnits: string[];
}

export const sameVisibility = (a: VisibilityValues, b: VisibilityValues) =>
  a.visibility === b.visibility && a.visibleUnits.join('\n') === b.visibleUnits.join('\n');

/**
 * A new prompt that says nothing about who sees it (an import row): the default, where `units` is the
 * owner's unit, or private for an owner without one (never wider than asked).
 */
export function newPromptVisibility(defaultVisibility: Visibility, owner: Pick<UserRow, 'businessUnit'>): VisibilityValues {
  if (defaultVisibility !== 'units') return { visibility: defaultVisibility, visibleUnits: [] };
  return owner.businessUnit ? { visibility: 'units', visibleUnits: [owner.businessUnit] } : { visibility: 'private', visibleUnits: [] };
}

/** What the form preselects for a new prompt of `writer` (GET /api/prompt-defaults). */
export function newPromptDefaults(writer: Pick<UserRow, 'businessUnit'>, defaultVisibility: Visibility): PromptDefaults {
  const { visibility, visibleUnits } = newPromptVisibility(defaultVisibility, writer);
  return { visibility, units: visibleUnits };
}

/**
 * The visibility a write stores: as asked, else the prompt's own (an update), else `defaultVisibility`.
 * `units` without a list means the owner's unit (the one kept, on an update that stays `units`). Unit
 * names are checked against the business units and stored in their spelling; problems are returned per
 * field, with the other fields' problems.
 */
export function resolveVisibility(
  data: Pick<PromptData, 'visibility' | 'units'>,
  owner: Pick<UserRow, 'businessUnit'>,
  unitNames: readonly string[],
  defaultVisibility: Visibility,
  existing?: Pick<PromptRow, 'visibility' | 'visibleUnits'>,
): { values: VisibilityValues; errors: Record<string, string> } {
  const visibility = data.visibility ?? existing?.visibility ?? defaultVisibility;
  const errors = visibilityIssues(visibility, data.units);
  if (visibility !== 'units' || Object.keys(errors).length) return { values: { visibility, visibleUnits: [] }, errors };
  const asked = data.units ?? (existing?.visibility === 'units' ? existing.visibleUnits : [owner.businessUnit].filter(Boolean));
  if (!asked.length) return { values: { visibility, visibleUnits: [] }, errors: { units: VISIBILITY_MESSAGES.noUnits } };
  const byLower = new Map(unitNames.map((name) => [name.toLowerCase(), name]));
  const unknown = asked.filter((name) => !byLower.has(name.toLowerCase()));
  if (unknown.length) {
    return { values: { visibility, visibleUnits: [] }, errors: { units: `Unknown business unit${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}` } };
  }
  return { values: { visibility, visibleUnits: [...new Set(asked.map((name) => byLower.get(name.toLowerCase())!))] }, errors: {} };
}

import { eq } from 'drizzle-orm';
import { canCreatePrompt, canEditPrompt } from '../../../shared/policies/prompts';
import {
  type CustomFieldValue,
  type Prompt,
  type PromptData,
  type PromptListQuery,
  type PromptListResponse,
  promptRequirementIssues,
} from '../../../shared/schemas/prompts';
import { promptVariables } from '../../../shared/variable-definitions';
import type { Database } from '../../db/client';
import { type PromptRow, prompts, type UserRow, users } from '../../db/schema';
import { AppError, conflict, forbidden, invalidFields, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { listBusinessUnitNames } from '../business-units/business-units.service';
import { PromptDerivedCache, promptWriteTransaction, viewerGeneration } from '../../lib/prompt-derived-cache';
import { canonicalAiModels, canonicalTags } from '../catalog/catalog.service';
import { getEnabledFormFields } from '../form-fields/form-fields.service';
import { isCustomField, validateCustomFields } from './prompts.custom-fields';
import { type PromptUsage, promptUsageFor, UNUSED } from './prompt-usage.service';
import { moveToTrash } from '../trash/trash.service';
import { auditPromptWrite, auditVisibilityChange } from './prompts.audit';
import { resolveVisibility, sameVisibility, visibleOr404 } from './prompts.visibility';
import type { Visibility } from '../../../shared/visibility';
import { changedFields, getVersion, latestVersion, recordVersion } from './prompt-versions';
import { encodeCursor, listPromptPage } from '../prompt-query';
import { auditVerificationEnded, type ReviewClock, statusDetails, verificationAfterEdit } from './prompt-status.service';
import { DEFAULT_VERIFICATION_DAYS, type PromptStatusDetails } from '../../../shared/schemas/status';

/** Verifications as the defaults have them (the routes pass the app's configured clock and length). */
const DEFAULT_REVIEW: ReviewClock = { verificationDays: DEFAULT_VERIFICATION_DAYS, clock: () => new Date() };
import { assertCollectionVisible } from '../collections/collections.service';
import { notifyFavouriters } from '../inbox/inbox.notify';
import { variableDefinitionsFor } from './prompt-variables';
import { checkInclusions, type Expansion, expandFor, peopleOf } from '../snippets/snippet-resolver';
import { snippetProblemMessage } from '../../../shared/snippets';

export const DUPLICATE_TITLE = 'A prompt with this title already exists';

/**
 * Whole list pages, for one second: a person paging back, reopening a list or refreshing it after an
 * action is served one answer instead of one query each. Prompt writes drop them at once. Items carry
 * the viewer's own `isFavorite` and hold what the viewer may see (their role and unit), so entries are
 * per viewer, and keyed by the viewer's generation: a
 * favourite or a use makes that person's pages unreachable at once (see afterViewerChange).
 */
const listPages = new PromptDerivedCache<string>(1_000, 500);

/**
 * A list page as the JSON text of PromptListResponse. The items arrive as JSON from the database (see
 * modules/prompt-query); the tests check every list answer against promptListResponseSchema.
 * `fresh` (a request's `Cache-Control: no-cache`) skips the page cache.
 */
export async function listPrompts(db: Database, viewer: UserRow, query: PromptListQuery, ownerId?: string, fresh = false): Promise<string> {
  await assertCollectionVisible(db, viewer, query.collection);
  const compute = () => buildListPage(db, viewer, query, ownerId, fresh);
  if (fresh) return compute();
  return listPages.get(db, JSON.stringify([query, ownerId ?? null, viewer.id, viewer.role, viewer.businessUnit, viewerGeneration(viewer.id)]), compute);
}

async function buildListPage(db: Database, viewer: UserRow, query: PromptListQuery, ownerId: string | undefined, fresh: boolean): Promise<string> {
  const page = await listPromptPage(db, { query, ownerId, viewer, fresh });
  const envelope: Omit<PromptListResponse, 'items'> = {
    total: page.total,
    totalIsLowerBound: page.totalIsLowerBound,
    nextCursor: page.nextCursor && encodeCursor(page.nextCursor),
    orderedBy: page.orderedBy,
    ...(page.search ? { searchMode: page.search.mode, suggestions: page.search.suggestions } : {}),
  };
  return `{"items":${page.itemsJson},${JSON.stringify(envelope).slice(1)}`;
}

type VersionInfo = Awaited<ReturnType<typeof latestVersion>>;

function toPrompt(
  row: PromptRow,
  author: Pick<UserRow, 'firstName' | 'lastName' | 'email'>,
  viewer: UserRow,
  version: VersionInfo,
  status: PromptStatusDetails,
  expansion: Expansion,
  usage: PromptUsage = UNUSED,
): Prompt {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    notes: row.notes,
    aiModels: row.aiModels,
    tags: row.tags,
    userId: row.userId,
    userBusinessUnit: row.userBusinessUnit,
    customFields: row.customFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { firstName: author.firstName, lastName: author.lastName, email: author.email },
    canEdit: canEditPrompt(viewer, row),
    visibility: row.visibility,
    units: row.visibleUnits,
    status: row.status,
    ...status,
    expandedContent: expansion.text,
    snippetProblem: expansion.problem && snippetProblemMessage(expansion.problem),
    snippets: expansion.included,
    variables: promptVariables(expansion.text, row.variableDefinitions),
    variableDefinitions: row.variableDefinitions,
    ...usage,
    ...version,
  };
}

async function findWithAuthor(db: Database, id: string) {
  const [row] = await db
    .select({ prompt: prompts, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(prompts)
    .innerJoin(users, eq(users.id, prompts.userId))
    .where(eq(prompts.id, id))
    .limit(1);
  return row;
}

export async function getPrompt(db: Database, viewer: UserRow, id: string, review: ReviewClock = DEFAULT_REVIEW): Promise<Prompt> {
  const [row, usage] = await Promise.all([findWithAuthor(db, id), promptUsageFor(db, viewer.id, id)]);
  const prompt = visibleOr404(viewer, row?.prompt);
  const [version, status, expansion] = await Promise.all([
    latestVersion(db, prompt),
    statusDetails(db, viewer, prompt, review),
    expandFor(db, viewer, prompt.content),
  ]);
  return toPrompt(prompt, row!, viewer, version, status, expansion, usage);
}

/**
 * The form's enabled custom fields take the values sent now (the stored ones when none were sent): one
 * left empty is cleared, not kept from before. Values of fields disabled or deleted since are kept.
 */
function mergeCustomFields(stored: Record<string, unknown>, enabled: Array<{ name: string }>, sent: Record<string, CustomFieldValue>) {
  const enabledNames = new Set(enabled.map((field) => field.name));
  const kept = Object.fromEntries(Object.entries(stored).filter(([name]) => !enabledNames.has(name)));
  return { ...kept, ...sent };
}

/** Applies the form configuration and canonical spellings; returns the columns to store. */
async function preparePrompt(db: Database, data: PromptData, author: UserRow, writer: UserRow, defaultVisibility: Visibility, existing?: PromptRow) {
  const fields = await getEnabledFormFields(db);
  const requiredOf = (name: string) => fields.some((f) => f.name === name && f.required);
  const errors: Record<string, string> = promptRequirementIssues(data, {
    aiModels: requiredOf('aiModels'),
    tags: requiredOf('tags'),
    notes: requiredOf('notes'),
  });
  const unitNames = await listBusinessUnitNames(db);
  // An update that leaves customFields out keeps the stored values (checked again, as they stand).
  const sentCustom = data.customFields ?? (existing?.customFields as PromptData['customFields']);
  const custom = validateCustomFields(fields, sentCustom, unitNames);
  Object.assign(errors, custom.errors);
  const visibility = resolveVisibility(data, author, unitNames, defaultVisibility, existing);
  Object.assign(errors, visibility.errors);
  let userBusinessUnit = data.userBusinessUnit || existing?.userBusinessUnit || author.businessUnit;
  if (data.userBusinessUnit) {
    const match = unitNames.find((n) => n.toLowerCase() === data.userBusinessUnit!.toLowerCase());
    if (match) userBusinessUnit = match;
    else errors.userBusinessUnit = 'Choose an existing business unit';
  }
  // Snippets are expanded as the writer sees them (their variables are the prompt's own), and must reach
  // everyone who reads the prompt.
  const people = await peopleOf(db, author, existing?.coOwnerIds ?? []);
  const included = await checkInclusions(db, writer, data.content, { ...visibility.values, people });
  if (included.problem) errors.content = included.problem;
  const definitions = variableDefinitionsFor(included.text, data.variableDefinitions, existing);
  Object.assign(errors, definitions.errors);
  const first = Object.values(errors)[0];
  if (first) throw invalidFields(first, errors);
  return {
    variableDefinitions: definitions.values,
    title: data.title,
    content: data.content,
    notes: data.notes,
    aiModels: await canonicalAiModels(db, data.aiModels),
    tags: await canonicalTags(db, data.tags),
    userBusinessUnit,
    customFields: mergeCustomFields(existing?.customFields ?? {}, fields.filter(isCustomField), custom.values),
    ...visibility.values,
  };
}

export function duplicateTitle(err: unknown): never {
  if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(DUPLICATE_TITLE, 'duplicate_title');
  throw err;
}

export async function createPrompt(
  db: Database,
  author: UserRow,
  data: PromptData,
  defaultVisibility: Visibility,
  review: ReviewClock = DEFAULT_REVIEW,
): Promise<Prompt> {
  if (!canCreatePrompt(author)) throw forbidden('Read-only members cannot create prompts');
  const row = await promptWriteTransaction(db, async (tx) => {
    const values = await preparePrompt(tx, data, author, author, defaultVisibility);
    const [inserted] = await tx
      .insert(prompts)
      .values({ ...values, status: data.status ?? 'published', userId: author.id, authorName: `${author.firstName} ${author.lastName}`.trim() })
      .returning();
    await recordVersion(tx, inserted!, author, { note: data.changeNote });
    await auditPromptWrite(tx, author, inserted!, { kind: 'created' });
    return inserted!;
  }).catch(duplicateTitle);
  const version = { version: 1, lastEditor: { id: author.id, firstName: author.firstName, lastName: author.lastName } };
  const [status, expansion] = await Promise.all([statusDetails(db, author, row, review), expandFor(db, author, row.content)]);
  return toPrompt(row, author, author, version, status, expansion);
}

async function editable(db: Database, viewer: UserRow, id: string) {
  const found = await findWithAuthor(db, id);
  visibleOr404(viewer, found?.prompt);
  if (!canEditPrompt(viewer, found!.prompt)) {
    throw new AppError(403, 'forbidden', viewer.role === 'read' ? 'Read-only members cannot change prompts' : 'You can only change your own prompts');
  }
  return found!;
}

export async function updatePrompt(db: Database, viewer: UserRow, id: string, data: PromptData, review: ReviewClock = DEFAULT_REVIEW): Promise<Prompt> {
  const found = await editable(db, viewer, id);
  const authorRow = (await db.select().from(users).where(eq(users.id, found.prompt.userId)).limit(1))[0]!;
  const row = await promptWriteTransaction(db, async (tx) => {
    // The default never applies to a saved prompt: it keeps its own visibility unless asked.
    const values = await preparePrompt(tx, data, authorRow, viewer, found.prompt.visibility, found.prompt);
    // A save that changes nothing writes nothing: no new version, the same "updated" time. Who may see
    // the prompt is not part of its versions: changing only that makes no version and keeps the time.
    const changed = changedFields(found.prompt, { ...found.prompt, ...values });
    const visibilityChanged = !sameVisibility(found.prompt, values);
    if (changed.length === 0 && !visibilityChanged) return found.prompt;
    const [updated] = await tx
      .update(prompts)
      .set({ ...values, ...(changed.length ? { updatedAt: new Date(), ...verificationAfterEdit(viewer, found.prompt) } : {}) })
      .where(eq(prompts.id, id))
      .returning();
    if (changed.length) {
      const version = await recordVersion(tx, updated!, viewer, { before: found.prompt, note: data.changeNote, changed });
      await auditPromptWrite(tx, viewer, updated!, { kind: 'updated', before: found.prompt, changed, version });
      await auditVerificationEnded(tx, viewer, found.prompt, updated!);
      await notifyFavouriters(tx, id, { type: 'favorite_changed', actorId: viewer.id });
    }
    if (visibilityChanged) await auditVisibilityChange(tx, viewer, found.prompt, updated!);
    return updated!;
  }).catch(duplicateTitle);
  return savedPrompt(db, viewer, row, found, review);
}

/** A prompt as a write answers it: read again after the commit, for the viewer who wrote it. */
async function savedPrompt(db: Database, viewer: UserRow, row: PromptRow, author: Pick<UserRow, 'firstName' | 'lastName' | 'email'>, review: ReviewClock) {
  const [version, usage, status, expansion] = await Promise.all([
    latestVersion(db, row),
    promptUsageFor(db, viewer.id, row.id),
    statusDetails(db, viewer, row, review),
    expandFor(db, viewer, row.content),
  ]);
  return toPrompt(row, author, viewer, version, status, expansion, usage);
}

/** Makes version `number` current again, as a new version noted "Restored version N" (owner or admin). */
export async function restorePromptVersion(db: Database, viewer: UserRow, id: string, number: number, review: ReviewClock = DEFAULT_REVIEW): Promise<Prompt> {
  const found = await editable(db, viewer, id);
  const version = await getVersion(db, found.prompt, number);
  const row = await promptWriteTransaction(db, async (tx) => {
    const values = {
      title: version.title,
      content: version.content,
      notes: version.notes,
      aiModels: version.aiModels,
      // Back in the catalog if it was renamed, merged or deleted since.
      tags: await canonicalTags(tx, version.tags),
      userBusinessUnit: version.userBusinessUnit,
      customFields: version.customFields,
      variableDefinitions: version.variableDefinitions ?? [],
    };
    const changed = changedFields(found.prompt, { ...found.prompt, ...values });
    // Restoring the state the prompt already has changes nothing.
    if (changed.length === 0) return found.prompt;
    const [updated] = await tx
      .update(prompts)
      .set({ ...values, updatedAt: new Date(), ...verificationAfterEdit(viewer, found.prompt) })
      .where(eq(prompts.id, id))
      .returning();
    const saved = await recordVersion(tx, updated!, viewer, { before: found.prompt, note: `Restored version ${number}`, changed });
    await auditPromptWrite(tx, viewer, updated!, { kind: 'updated', before: found.prompt, changed, version: saved, restoredFrom: number });
    await auditVerificationEnded(tx, viewer, found.prompt, updated!);
    await notifyFavouriters(tx, id, { type: 'favorite_changed', actorId: viewer.id });
    return updated!;
  }).catch(duplicateTitle);
  return savedPrompt(db, viewer, row, found, review);
}

/** The prompt behind a history call: anyone who can see the prompt can read its history. */
export async function readablePrompt(db: Database, viewer: UserRow, id: string): Promise<PromptRow> {
  const [row] = await db.select().from(prompts).where(eq(prompts.id, id)).limit(1);
  return visibleOr404(viewer, row);
}

/** Moves the prompt to the trash (see trash.service.ts), from where its owner or an admin can restore it. */
export async function deletePrompt(db: Database, viewer: UserRow, id: string): Promise<void> {
  await editable(db, viewer, id);
  await promptWriteTransaction(db, async (tx) => {
    // Read again under a lock: the snapshot must be the state that leaves.
    const [row] = await tx.select().from(prompts).where(eq(prompts.id, id)).for('update');
    if (!row) throw notFound('Prompt not found', 'prompt_not_found');
    await moveToTrash(tx, row, viewer);
  });
}

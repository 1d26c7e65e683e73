import { sql } from 'drizzle-orm';
import { MAX_TEXT_LENGTH } from '../../../shared/constants';
import type {
  ImportFix,
  ImportPlaceholderRow,
  ImportProblem,
  ImportQuery,
  ImportResult,
  ImportRowError,
  ImportSimilarRow,
} from '../../../shared/schemas/import';
import { type PromptData, promptInputSchema, promptRequirementIssues } from '../../../shared/schemas/prompts';
import { type Database, queryRows } from '../../db/client';
import { findUnsafeText } from '../../plugins/input-guards';
import { type UserRow, users } from '../../db/schema';
import { invalidFields } from '../../errors';
import { listBusinessUnitNames } from '../business-units/business-units.service';
import { getEnabledFormFields } from '../form-fields/form-fields.service';
import { VISIBILITIES, type Visibility, VISIBILITY_MESSAGES } from '../../../shared/visibility';
import { PROMPT_STATUSES, type PromptStatus, STATUS_MESSAGES } from '../../../shared/prompt-status';
import { resolveVisibility, type VisibilityValues } from '../prompts/prompts.visibility';
import { closestPrompts } from '../similarity/similarity.service';
import type { ImportFile, ImportFormat, ImportRecord } from './import.parse';
import { convertPlaceholders } from '../../../shared/placeholders';
import { MAX_VARIABLE_DEFINITIONS, VARIABLE_MESSAGES } from '../../../shared/schemas/variables';
import { isBuiltin, templateVariables } from '../../../shared/template-variables';
import type { VariableDefinition } from '../../../shared/variable-definitions';

// Checking an import against the database: owners, units, required fields, and what each row will
// do (create, overwrite, copy, skip). The dry run answers this plan; the commit carries it out.

export interface PlannedRow {
  record: ImportRecord;
  owner: UserRow;
  data: PromptData;
  businessUnit: string;
  /** Who may see it, when the file says; else a new prompt gets the default and an overwritten one keeps its own. */
  visibility?: VisibilityValues;
  /** Its status, when the file says; else a new prompt is published and an overwritten one keeps its own. */
  status?: PromptStatus;
  /** create: a new prompt; overwrite: `existingId` gets these values. */
  kind: 'create' | 'overwrite';
  existingId?: string;
  /** The defaults its converted placeholders gave (`${name:default}`), as definitions. */
  placeholderDefaults?: VariableDefinition[];
}

export interface ImportPlan {
  format: ImportFormat;
  rows: PlannedRow[];
  result: ImportResult;
}

const MAX_ERRORS = 1000;
const MAX_EXAMPLES = 5;

/** A row's problem; `shared` is its wording in the file's summary when the row's own names a value. */
interface Problem {
  field: string;
  message: string;
  shared?: string;
}
const PROMPTS_CHAT_COLUMNS: Record<string, string> = { title: 'act', content: 'prompt' };
const keyOf = (ownerId: string, title: string) => `${ownerId}\u0000${title.toLowerCase()}`;

/** The visibility and units a row of our export names, checked as the API checks them; nothing when it names none. */
function fileVisibility(record: ImportRecord, owner: UserRow, unitNames: string[], defaultVisibility: Visibility) {
  if (!record.visibility && record.units === undefined) return { values: undefined, problems: [] };
  const asked = record.visibility || undefined;
  if (asked && !(VISIBILITIES as readonly string[]).includes(asked)) {
    return { values: undefined, problems: [{ field: 'visibility', message: VISIBILITY_MESSAGES.unknown }] };
  }
  const { values, errors } = resolveVisibility({ visibility: asked as Visibility | undefined, units: record.units }, owner, unitNames, defaultVisibility);
  return { values, problems: Object.entries(errors).map(([field, message]) => ({ field, message })) };
}

/** Existing prompts with these (owner, title) keys, found through the unique (user_id, lower(title)) index. */
async function existingByKey(db: Database, rows: Array<{ ownerId: string; title: string }>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < rows.length; i += 1000) {
    const pairs = JSON.stringify(rows.slice(i, i + 1000).map((r) => [r.ownerId, r.title.toLowerCase()]));
    const hits = await queryRows(
      db,
      sql`select p.id, p.user_id, lower(p.title) as t from prompts p
          join jsonb_array_elements(${pairs}::jsonb) e on p.user_id = (e->>0)::uuid and lower(p.title) = e->>1`,
    );
    for (const h of hits) found.set(keyOf(String(h.user_id), String(h.t)), String(h.id));
  }
  return found;
}

/** "Title (2)", or the next number free for this owner in the database and in the file. */
async function copyTitle(db: Database, ownerId: string, title: string, taken: Set<string>): Promise<string> {
  const rows = await queryRows(
    db,
    sql`select lower(title) as t from prompts where user_id = ${ownerId}::uuid and lower(title) like ${`${title.toLowerCase().replace(/[\\%_]/g, '\\$&')} (%`}`,
  );
  const inDb = new Set(rows.map((r) => String(r.t)));
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${title.slice(0, MAX_TEXT_LENGTH - suffix.length)}${suffix}`;
    if (!inDb.has(candidate.toLowerCase()) && !taken.has(keyOf(ownerId, candidate))) return candidate;
  }
}

/**
 * The problems of the whole file, each once: a problem many rows share (every row of a prompts.chat
 * file lacks an AI application) is one line with its count, not one line per row.
 */
function problemGroups() {
  const groups = new Map<string, ImportProblem>();
  return {
    add(row: number, field: string, message: string, fix: ImportFix | null) {
      const key = `${field}\u0000${message}`;
      const group = groups.get(key) ?? { field, message, rows: 0, examples: [], fix };
      group.rows++;
      if (group.examples.length < MAX_EXAMPLES) group.examples.push(row);
      groups.set(key, group);
    },
    list: () => [...groups.values()].sort((a, b) => b.rows - a.rows || a.examples[0]! - b.examples[0]!),
  };
}

/** The account that owns rows naming no owner: the chosen one, or the importing admin. */
function chosenOwner(admin: UserRow, people: UserRow[], id: string | undefined): UserRow {
  if (!id || id === admin.id) return admin;
  const owner = people.find((u) => u.id === id);
  if (!owner) throw invalidFields('The chosen owner has no account: choose another owner', { owner: 'No account has this id' });
  return owner;
}

/**
 * The rows whose content holds other tools' placeholders, and the variables they would become; with
 * `apply`, each row's content is converted and a placeholder's default becomes its definition.
 */
function placeholderRows(rows: PlannedRow[], apply: boolean): ImportPlaceholderRow[] {
  const listed: ImportPlaceholderRow[] = [];
  for (const r of rows) {
    const converted = convertPlaceholders(r.data.content);
    if (!converted.variables.length) continue;
    listed.push({ row: r.record.row, title: r.data.title, variables: converted.variables.map((v) => v.name) });
    if (!apply) continue;
    r.data = { ...r.data, content: converted.text };
    // A default the placeholder gave becomes a text definition (a built-in is filled in for the user: never).
    r.placeholderDefaults = converted.variables.flatMap((v) =>
      v.default && !isBuiltin(v.name) ? [{ name: v.name, type: 'text' as const, default: v.default }] : [],
    );
  }
  return listed;
}

/** The definitions a written row stores: `base` (the file's, or the prompt's own), then the placeholders' defaults it lacks. */
export function definitionsToStore(r: PlannedRow, base: VariableDefinition[]): VariableDefinition[] {
  const added = (r.placeholderDefaults ?? []).filter((d) => !base.some((b) => b.name === d.name));
  return [...base, ...added].slice(0, MAX_VARIABLE_DEFINITIONS);
}

/** The rows that would create a near-copy of a prompt of the library, and the first MAX_ERRORS of them described. */

async function nearCopies(db: Database, rows: PlannedRow[]): Promise<{ rows: PlannedRow[]; listed: ImportSimilarRow[] }> {
  const creates = rows.filter((r) => r.kind === 'create');
  const closest = await closestPrompts(
    db,
    creates.map((r) => r.data.content),
  );
  const near = creates.flatMap((r, i) => (closest[i] ? [{ row: r, prompt: closest[i] }] : []));
  return {
    rows: near.map((n) => n.row),
    listed: near
      .slice(0, MAX_ERRORS)
      .map((n) => ({ row: n.row.record.row, title: n.row.data.title, promptId: n.prompt.id, promptTitle: n.prompt.title, similarity: n.prompt.similarity })),
  };
}

/** Checks every record and decides what it will do under `query`'s choices. */
export async function planImport(db: Database, admin: UserRow, file: ImportFile, query: ImportQuery, defaultVisibility: Visibility): Promise<ImportPlan> {
  const { format, records } = file;
  const fields = await getEnabledFormFields(db);
  const required = (name: string) => fields.some((f) => f.name === name && f.required);
  const requirements = { aiModels: required('aiModels'), tags: required('tags'), notes: required('notes') };
  const everyone = await db.select().from(users);
  const people = new Map(everyone.map((u) => [u.email.toLowerCase(), u]));
  const defaultOwner = chosenOwner(admin, everyone, query.owner);
  const unitNames = await listBusinessUnitNames(db);
  const units = new Map(unitNames.map((name) => [name.toLowerCase(), name]));
  const errors: ImportRowError[] = [];
  const groups = problemGroups();
  let invalid = 0;
  // Problems are named by the file's own columns where they differ from the prompt's fields.
  const column = (field: string) => (format === 'prompts-chat-csv' ? (PROMPTS_CHAT_COLUMNS[field] ?? field) : field);
  // A problem an import option fixes names that option, so the advice is the real fix, not "edit the file".
  const fixOf = (field: string): ImportFix | null => {
    if (field === 'aiModels' && !file.namesAiModels) return 'aiModel';
    if (field === 'ownerEmail') return 'unknownOwners';
    return null;
  };
  const fail = (row: number, problems: Problem[]) => {
    invalid++;
    for (const p of problems) {
      if (errors.length < MAX_ERRORS) errors.push({ row, field: column(p.field), message: p.message });
      groups.add(row, column(p.field), p.shared ?? p.message, fixOf(p.field));
    }
  };

  const valid: Array<Omit<PlannedRow, 'kind'>> = [];
  for (const record of records) {
    const problems: Problem[] = record.problem ? [record.problem] : [];
    // Text the database cannot take (U+0000, half a surrogate pair from a JSON file's escapes): such a
    // row is refused here, as the API refuses it in a request, not by a failed insert.
    const unsafe = findUnsafeText(
      {
        id: record.id,
        ownerEmail: record.ownerEmail,
        title: record.title,
        content: record.content,
        notes: record.notes,
        aiModels: record.aiModels,
        tags: record.tags,
        businessUnit: record.businessUnit,
        customFields: record.customFields,
        variableDefinitions: record.variableDefinitions,
      },
      'row',
    );
    if (unsafe) problems.push({ field: unsafe.path.split('.')[0]!, message: unsafe.message });
    let owner = defaultOwner;
    if (record.ownerEmail) {
      const known = people.get(record.ownerEmail);
      if (known) owner = known;
      // Each row names its email; the file's summary has one line for all of them.
      else if (query.unknownOwners === 'refuse')
        problems.push({ field: 'ownerEmail', message: `No account has the email ${record.ownerEmail}`, shared: 'The owner email has no account' });
    }
    const parsed = promptInputSchema.safeParse({
      title: record.title,
      content: record.content,
      notes: record.notes,
      aiModels: record.aiModels,
      tags: record.tags,
      customFields: record.customFields,
      ...(record.variableDefinitions === undefined ? {} : { variableDefinitions: record.variableDefinitions }),
    });
    if (parsed.success) {
      const strangers = (parsed.data.variableDefinitions ?? []).filter((d) => !templateVariables(parsed.data.content).some((v) => v.name === d.name));
      if (strangers.length)
        problems.push({ field: 'variableDefinitions', message: `${VARIABLE_MESSAGES.notInTemplate}${strangers.map((d) => d.name).join(', ')}` });
    }
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        if (!seen.has(field)) problems.push({ field, message: issue.message });
        seen.add(field);
      }
    } else {
      for (const [field, message] of Object.entries(promptRequirementIssues(parsed.data, requirements))) {
        problems.push({ field, message });
      }
    }
    const visibility = fileVisibility(record, owner, unitNames, defaultVisibility);
    problems.push(...visibility.problems);
    const status = record.status || undefined;
    if (status && !(PROMPT_STATUSES as readonly string[]).includes(status)) problems.push({ field: 'status', message: STATUS_MESSAGES.unknown });
    if (problems.length || !parsed.success) {
      fail(record.row, problems);
      continue;
    }
    const unit = record.businessUnit.trim() || query.businessUnit || owner.businessUnit;
    valid.push({
      record,
      owner,
      data: parsed.data,
      businessUnit: units.get(unit.toLowerCase()) ?? unit,
      visibility: visibility.values,
      status: status as PromptStatus | undefined,
    });
  }

  const existing = await existingByKey(
    db,
    valid.map((v) => ({ ownerId: v.owner.id, title: v.data.title })),
  );
  const inFile = new Map<string, PlannedRow>();
  const rows: PlannedRow[] = [];
  let conflicts = 0;
  let skipped = 0;
  let update = 0;
  for (const v of valid) {
    const key = keyOf(v.owner.id, v.data.title);
    const earlier = inFile.get(key);
    const existingId = existing.get(key);
    if (!earlier && !existingId) {
      const planned: PlannedRow = { ...v, kind: 'create' };
      inFile.set(key, planned);
      rows.push(planned);
      continue;
    }
    conflicts++;
    if (query.onConflict === 'skip') skipped++;
    else if (query.onConflict === 'overwrite') {
      // A later row of the file wins over an earlier one, as it would over a stored prompt; the
      // prompt is still written once, so it is counted once (by the earlier row's plan).
      if (earlier) Object.assign(earlier, { record: v.record, data: v.data, businessUnit: v.businessUnit, visibility: v.visibility, status: v.status });
      else {
        update++;
        const planned: PlannedRow = { ...v, kind: 'overwrite', existingId };
        inFile.set(key, planned);
        rows.push(planned);
      }
    } else {
      const title = await copyTitle(db, v.owner.id, v.data.title, new Set(inFile.keys()));
      const planned: PlannedRow = { ...v, data: { ...v.data, title }, kind: 'create' };
      inFile.set(keyOf(v.owner.id, title), planned);
      rows.push(planned);
    }
  }
  const near = query.dryRun || query.skipSimilar ? await nearCopies(db, rows) : { rows: [], listed: [] };
  if (query.skipSimilar) skipped += near.rows.length;
  const kept = query.skipSimilar ? rows.filter((r) => !near.rows.includes(r)) : rows;
  const placeholders = query.dryRun || query.convertPlaceholders ? placeholderRows(kept, query.convertPlaceholders) : [];
  const create = kept.filter((r) => r.kind === 'create').length;
  return {
    format,
    rows: kept,
    result: {
      format,
      dryRun: query.dryRun,
      total: records.length,
      create,
      update,
      conflicts,
      skipped,
      invalid,
      errors,
      problems: groups.list(),
      similarRows: near.rows.length,
      similar: near.listed,
      placeholderRows: placeholders.length,
      placeholders: placeholders.slice(0, MAX_ERRORS),
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { ImportDefaults, ImportQuery, ImportResult } from '../../../shared/schemas/import';
import { type Database, isPostgresServer, queryRows } from '../../db/client';
import { prompts, promptVersions, type UserRow } from '../../db/schema';
import { AppError, conflict, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { promptWriteTransaction } from '../../lib/prompt-derived-cache';
import { recordAudit } from '../audit/audit';
import { resolveBusinessUnitName } from '../business-units/business-units.service';
import { canonicalAiModels, canonicalTags } from '../catalog/catalog.service';
import { changedFields, recordVersion, stateOf } from '../prompts/prompt-versions';
import { readImportFile } from './import.parse';
import { importCollections } from '../collections/collections.transfer';
import { definitionsToStore, type PlannedRow, planImport } from './import.plan';
import type { Visibility } from '../../../shared/visibility';
import { newPromptVisibility, sameVisibility } from '../prompts/prompts.visibility';
import { type ReviewClock, statusColumns } from '../prompts/prompt-status.service';
import { definitionsStillUsed } from '../prompts/prompt-variables';

// The import: read the file, plan it (import.plan.ts), and, unless it is a dry run, write the plan in
// one transaction: every prompt or none.

const BATCH = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each distinct name once through the catalog, so 100k rows cost a few statements, not 100k. */
async function canonicalMap(db: Database, names: string[], canonical: (db: Database, names: string[]) => Promise<string[]>) {
  const distinct = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  const map = new Map<string, string>();
  for (let i = 0; i < distinct.length; i += 1000) {
    const chunk = distinct.slice(i, i + 1000);
    const stored = await canonical(db, chunk);
    for (const name of chunk) map.set(name.toLowerCase(), stored.find((s) => s.toLowerCase() === name.toLowerCase()) ?? name);
  }
  return (list: string[]) => [...new Set(list.map((n) => map.get(n.toLowerCase()) ?? n))];
}

/** The file's ids that may be kept: well formed, once in the file, and free in prompts and the trash. */
async function keepableIds(tx: Database, rows: PlannedRow[]): Promise<Set<string>> {
  const counts = new Map<string, number>();
  for (const r of rows) if (r.record.id && UUID.test(r.record.id)) counts.set(r.record.id.toLowerCase(), (counts.get(r.record.id.toLowerCase()) ?? 0) + 1);
  const once = [...counts].filter(([, n]) => n === 1).map(([id]) => id);
  const taken = new Set<string>();
  for (let i = 0; i < once.length; i += 5000) {
    const ids = sql`${`{${once.slice(i, i + 5000).join(',')}}`}::uuid[]`;
    const hits = await queryRows(tx, sql`select id from prompts where id = any(${ids}) union all select id from trashed_prompts where id = any(${ids})`);
    for (const h of hits) taken.add(String(h.id));
  }
  return new Set(once.filter((id) => !taken.has(id)));
}

/** Writes the plan; returns, for each file prompt id, the id of the prompt written for it (for the file's collections). */
async function writePlan(
  tx: Database,
  admin: UserRow,
  rows: PlannedRow[],
  onServer: boolean,
  defaultVisibility: Visibility,
  review: ReviewClock,
): Promise<Map<string, string>> {
  // A status the file names, as the importing administrator (who curates every unit) would set it.
  const statusOf = (r: PlannedRow) => (r.status ? statusColumns(admin, r.status, null, review) : {});
  const written = new Map<string, string>();
  // Each new prompt adds entries to several GIN indexes (search, title trigrams, filter keys). A larger
  // pending list for this transaction lets PostgreSQL merge them into the indexes in fewer, bigger steps.
  if (onServer) await tx.execute(sql`set local gin_pending_list_limit = '64MB'`);
  const tagsOf = await canonicalMap(
    tx,
    rows.flatMap((r) => r.data.tags),
    canonicalTags,
  );
  const modelsOf = await canonicalMap(
    tx,
    rows.flatMap((r) => r.data.aiModels),
    canonicalAiModels,
  );
  const unitOf = new Map<string, string>();
  for (const name of new Set(rows.map((r) => r.businessUnit).filter(Boolean))) unitOf.set(name, await resolveBusinessUnitName(tx, name));
  const keep = await keepableIds(tx, rows);
  const valuesOf = (r: PlannedRow) => ({
    title: r.data.title,
    content: r.data.content,
    notes: r.data.notes,
    aiModels: modelsOf(r.data.aiModels),
    tags: tagsOf(r.data.tags),
    userBusinessUnit: unitOf.get(r.businessUnit) ?? r.businessUnit,
    customFields: (r.data.customFields ?? {}) as Record<string, unknown>,
  });

  const creates = rows.filter((r) => r.kind === 'create');
  const editor = { editorId: admin.id, editorFirstName: admin.firstName, editorLastName: admin.lastName, note: 'Imported' };
  for (let i = 0; i < creates.length; i += BATCH) {
    const now = new Date();
    const batch = creates.slice(i, i + BATCH).map((r) => {
      const id = r.record.id && keep.has(r.record.id.toLowerCase()) ? r.record.id.toLowerCase() : randomUUID();
      if (r.record.id) written.set(r.record.id.toLowerCase(), id);
      const createdAt = r.record.createdAt ?? now;
      return {
        ...valuesOf(r),
        variableDefinitions: definitionsToStore(r, r.data.variableDefinitions ?? []),
        ...(r.visibility ?? newPromptVisibility(defaultVisibility, r.owner)),
        ...statusOf(r),
        id,
        userId: r.owner.id,
        authorName: `${r.owner.firstName} ${r.owner.lastName}`.trim(),
        createdAt,
        updatedAt: r.record.updatedAt ?? createdAt,
      };
    });
    await tx.insert(prompts).values(batch);
    await tx.insert(promptVersions).values(batch.map((p) => ({ ...stateOf(p), promptId: p.id, number: 1, ...editor, changedFields: changedFields(null, p) })));
  }
  for (const r of rows.filter((row) => row.kind === 'overwrite')) {
    const [before] = await tx.select().from(prompts).where(eq(prompts.id, r.existingId!)).for('update');
    if (!before) continue;
    if (r.record.id) written.set(r.record.id.toLowerCase(), before.id);
    // The definitions of variables the imported content still has are kept.
    // The file's definitions replace the prompt's; a file without any keeps the prompt's own, for the
    // variables its content still has. Either way converted placeholders add their defaults.
    const base = r.data.variableDefinitions ?? (await definitionsStillUsed(tx, admin, r.data.content, before.variableDefinitions));
    const values = { ...valuesOf(r), variableDefinitions: definitionsToStore(r, base) };
    const changed = changedFields(before, { ...before, ...values });
    // Who may see it is not versioned: a row changing only that writes no version.
    const visibility = r.visibility && !sameVisibility(before, r.visibility) ? r.visibility : undefined;
    const status = r.status && r.status !== before.status ? statusOf(r) : undefined;
    if (!changed.length && !visibility && !status) continue;
    const [after] = await tx
      .update(prompts)
      .set({ ...values, ...visibility, ...status, ...(changed.length ? { updatedAt: new Date() } : {}) })
      .where(eq(prompts.id, before.id))
      .returning();
    if (changed.length) await recordVersion(tx, after!, admin, { before, note: 'Imported (overwrote this prompt)', changed });
  }
  return written;
}

/** Offered in an empty library, in this order, before any other application of the catalog. */
const FIRST_CHOICES = ['chatgpt', 'claude', 'gemini'];

/**
 * The AI application a file that names none most likely means: the one most prompts of the library
 * use (ties: the first by name); in a library with none, a widely used seeded one.
 */
export async function importDefaults(db: Database): Promise<ImportDefaults> {
  const [used] = await queryRows(
    db,
    sql`select m.name from prompts p, unnest(p.ai_models) as u(name) join ai_models m on lower(m.name) = lower(u.name)
        group by m.name order by count(*) desc, lower(m.name) limit 1`,
  );
  if (used) return { aiModel: String(used.name) };
  const catalog = (await queryRows(db, sql`select name from ai_models order by lower(name)`)).map((r) => String(r.name));
  const first = FIRST_CHOICES.map((c) => catalog.find((n) => n.toLowerCase() === c)).find(Boolean);
  return { aiModel: first ?? catalog[0] ?? null };
}

/** Reads, checks and (unless a dry run) imports a file; all or nothing. */
export async function importPrompts(
  db: Database,
  admin: UserRow,
  body: Readable,
  contentType: string,
  query: ImportQuery,
  defaultVisibility: Visibility,
  review: ReviewClock,
): Promise<ImportResult> {
  const file = await readImportFile(body, contentType, query.aiModel);
  const { format } = file;
  const plan = await planImport(db, admin, file, query, defaultVisibility);
  const collections = file.collections?.length ?? 0;
  if (query.dryRun) return { ...plan.result, ...(collections ? { collections } : {}) };
  const { result } = plan;
  if (result.invalid > 0) {
    throw new AppError(
      400,
      'import_invalid_rows',
      `${result.invalid.toLocaleString('en')} row${result.invalid === 1 ? ' is' : 's are'} invalid: correct or remove ${result.invalid === 1 ? 'it' : 'them'}, then import again. Nothing was imported.`,
    );
  }
  try {
    await promptWriteTransaction(db, async (tx) => {
      const written = await writePlan(tx, admin, plan.rows, isPostgresServer(db), defaultVisibility, review);
      await importCollections(tx, admin, file.collections ?? [], written);
      await recordAudit(tx, {
        actor: admin,
        action: 'data.imported',
        target: { type: 'import' },
        summary: `Imported ${result.total.toLocaleString('en')} rows (${format}): ${result.create} created, ${result.update} overwritten, ${result.skipped} skipped`,
        after: {
          format,
          onConflict: query.onConflict,
          unknownOwners: query.unknownOwners,
          skipSimilar: query.skipSimilar,
          convertPlaceholders: query.convertPlaceholders,
          owner: query.owner ?? admin.id,
          businessUnit: query.businessUnit ?? null,
          aiModel: query.aiModel ?? null,
          total: result.total,
          create: result.create,
          update: result.update,
          skipped: result.skipped,
          ...(collections ? { collections } : {}),
        },
      });
    });
  } catch (err) {
    // Someone saved a clashing title while the file was being read.
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION)
      throw conflict('A prompt with one of these titles was saved meanwhile: check the file again', 'import_conflict');
    throw err;
  }
  return { ...result, ...(collections ? { collections } : {}) };
}

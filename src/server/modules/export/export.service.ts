import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { PROMPT_STATUSES } from '../../../shared/schemas/status';
import type { ExportQuery } from '../../../shared/schemas/export';
import { type Database, isPostgresServer } from '../../db/client';
import { businessUnits, formFields, prompts, users } from '../../db/schema';
import { getAllFormFields } from '../form-fields/form-fields.service';
import { countPrompts, resolvePromptWhere } from '../prompt-query';
import { csvRow, UTF8_BOM } from './csv';
import { assertCollectionExists, type ExportedCollection, exportedCollections } from '../collections/collections.transfer';

/**
 * Rows per query. The embedded database runs in this process and one query at a time, so its batches
 * are small and each is followed by a turn of the event loop: a long export never holds the other
 * requests for more than one short batch.
 */
const batchSize = (db: Database) => (isPostgresServer(db) ? 1000 : 200);
const otherRequestsTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
type Row = Record<string, unknown>;

interface DataSet {
  columns: string[];
  /** Yields rows batch by batch (keyset on id), so 100k prompts never sit in memory at once. */
  rows(): AsyncGenerator<Row>;
  /**
   * A JSON prompt export's collections: the file is then `{"prompts": [...], "collections": [...]}`
   * rather than the bare array (which an import still reads).
   */
  collections?: () => Promise<ExportedCollection[]>;
}

const iso = (d: Date) => d.toISOString();
const joined = (list: string[]) => list.join('; ');

/** Only what the file holds: not the search vector or the facet arrays, which would double each batch. */
const exportedPromptColumns = {
  id: prompts.id,
  title: prompts.title,
  content: prompts.content,
  notes: prompts.notes,
  aiModels: prompts.aiModels,
  tags: prompts.tags,
  userBusinessUnit: prompts.userBusinessUnit,
  customFields: prompts.customFields,
  variableDefinitions: prompts.variableDefinitions,
  visibility: prompts.visibility,
  visibleUnits: prompts.visibleUnits,
  status: prompts.status,
  createdAt: prompts.createdAt,
  updatedAt: prompts.updatedAt,
};

function promptsSet(db: Database, where: SQL | undefined, asCsv: boolean): DataSet {
  return {
    columns: [
      'id',
      'title',
      'content',
      'notes',
      'aiModels',
      'tags',
      'businessUnit',
      'ownerFirstName',
      'ownerLastName',
      'ownerEmail',
      'customFields',
      'visibility',
      'units',
      'status',
      'createdAt',
      'updatedAt',
      'variableDefinitions',
    ],
    async *rows() {
      let after: string | undefined;
      for (;;) {
        const batch = await db
          .select({ p: exportedPromptColumns, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(prompts)
          .innerJoin(users, eq(users.id, prompts.userId))
          .where(and(where, after ? gt(prompts.id, after) : undefined))
          .orderBy(asc(prompts.id))
          .limit(batchSize(db));
        for (const { p, firstName, lastName, email } of batch) {
          yield {
            id: p.id,
            title: p.title,
            content: p.content,
            notes: p.notes ?? '',
            aiModels: asCsv ? joined(p.aiModels) : p.aiModels,
            tags: asCsv ? joined(p.tags) : p.tags,
            businessUnit: p.userBusinessUnit,
            ownerFirstName: firstName,
            ownerLastName: lastName,
            ownerEmail: email,
            customFields: asCsv ? (Object.keys(p.customFields).length ? JSON.stringify(p.customFields) : '') : p.customFields,
            visibility: p.visibility,
            units: asCsv ? joined(p.visibleUnits) : p.visibleUnits,
            status: p.status,
            createdAt: iso(p.createdAt),
            updatedAt: iso(p.updatedAt),
            variableDefinitions: asCsv ? (p.variableDefinitions.length ? JSON.stringify(p.variableDefinitions) : '') : p.variableDefinitions,
          };
        }
        if (batch.length < batchSize(db)) return;
        await otherRequestsTurn();
        after = batch.at(-1)!.p.id;
      }
    },
  };
}

function usersSet(db: Database): DataSet {
  return {
    // Never any password material.
    columns: ['id', 'email', 'firstName', 'lastName', 'businessUnit', 'role', 'mustChangePassword', 'createdAt', 'updatedAt'],
    async *rows() {
      let after: string | undefined;
      for (;;) {
        const batch = await db
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            businessUnit: users.businessUnit,
            role: users.role,
            mustChangePassword: users.mustChangePassword,
            createdAt: users.createdAt,
            updatedAt: users.updatedAt,
          })
          .from(users)
          .where(after ? gt(users.id, after) : undefined)
          .orderBy(asc(users.id))
          .limit(batchSize(db));
        for (const u of batch) yield { ...u, createdAt: iso(u.createdAt), updatedAt: iso(u.updatedAt) };
        if (batch.length < batchSize(db)) return;
        await otherRequestsTurn();
        after = batch.at(-1)!.id;
      }
    },
  };
}

function smallSet(columns: string[], load: () => Promise<Row[]>): DataSet {
  return {
    columns,
    async *rows() {
      yield* await load();
    },
  };
}

/** Exports are for admins, who see every prompt, whatever its status: no visibility filter and no audience. */
const everyPrompt = (query: ExportQuery) => ({ ...query, visibility: [], audience: null, statuses: PROMPT_STATUSES });

/**
 * The data set of an export. The prompt filters are resolved here, before the route sends its
 * headers: a filter the database refuses must answer a plain error, not a 200 download cut short.
 */
async function dataSet(db: Database, query: ExportQuery): Promise<DataSet> {
  const asCsv = query.format === 'csv';
  switch (query.type) {
    case 'prompts': {
      await assertCollectionExists(db, query.collection);
      const { where } = await resolvePromptWhere(db, everyPrompt(query));
      const set = promptsSet(db, where, asCsv);
      return asCsv ? set : { ...set, collections: () => exportedCollections(db, where, query.collection) };
    }
    case 'users':
      return usersSet(db);
    case 'business-units':
      return smallSet(['id', 'name', 'createdAt'], async () =>
        (
          await db
            .select()
            .from(businessUnits)
            .orderBy(asc(sql`lower(${businessUnits.name})`))
        ).map((u) => ({ ...u, createdAt: iso(u.createdAt) })),
      );
    case 'form-fields':
      return smallSet(['id', 'name', 'label', 'type', 'required', 'enabled', 'order', 'placeholder', 'options'], async () =>
        (await getAllFormFields(db)).map((f) => ({ ...f, placeholder: f.placeholder ?? '', options: asCsv ? joined(f.options) : f.options })),
      );
  }
}

/** What ends an export that failed after its first byte, so that no one takes it for the whole file. */
export const EXPORT_FAILED_MARKER = 'EXPORT FAILED: this file is incomplete. Please export again.';

/**
 * Opens an export: what can fail on the request (its filters) fails here, before any header is
 * sent. It returns the body as text chunks: a CSV with BOM and header, or a JSON array written row by
 * row. A failure while streaming is reported to `onFailure` and ends the body with
 * EXPORT_FAILED_MARKER: a last CSV line, or a JSON value after which the array never closes (so the
 * file does not parse).
 */
export async function openExport(db: Database, query: ExportQuery, onFailure: (err: unknown) => void): Promise<AsyncGenerator<string>> {
  const set = await dataSet(db, query);
  const asCsv = query.format === 'csv';
  return (async function* () {
    try {
      yield* asCsv ? csvChunks(set) : jsonChunks(set);
    } catch (err) {
      onFailure(err);
      yield asCsv ? `\r\n${csvRow([EXPORT_FAILED_MARKER])}` : `\n${JSON.stringify({ error: EXPORT_FAILED_MARKER })}\n`;
    }
  })();
}

async function* csvChunks(set: DataSet): AsyncGenerator<string> {
  yield UTF8_BOM + csvRow(set.columns);
  let buffer = '';
  for await (const row of set.rows()) {
    buffer += csvRow(set.columns.map((c) => row[c]));
    if (buffer.length > 64 * 1024) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

async function* jsonChunks(set: DataSet): AsyncGenerator<string> {
  yield set.collections ? '{"prompts":[' : '[';
  let first = true;
  for await (const row of set.rows()) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
    first = false;
  }
  if (!set.collections) {
    yield '\n]\n';
    return;
  }
  const collections = await set.collections();
  yield `\n],\n"collections":[${collections.map((c) => `\n${JSON.stringify(c)}`).join(',')}\n]}\n`;
}

export async function exportCount(db: Database, query: ExportQuery): Promise<number> {
  const count = async (table: typeof users | typeof businessUnits | typeof formFields) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;
  switch (query.type) {
    case 'prompts':
      await assertCollectionExists(db, query.collection);
      return (await countPrompts(db, (await resolvePromptWhere(db, everyPrompt(query))).where, Number.MAX_SAFE_INTEGER - 1)).total;
    case 'users':
      return count(users);
    case 'business-units':
      return count(businessUnits);
    case 'form-fields':
      return count(formFields);
  }
}

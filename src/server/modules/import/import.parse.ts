import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { IMPORT_MAX_BYTES, type ImportResult } from '../../../shared/schemas/import';
import { AppError, invalidFields } from '../../errors';
import { csvUnguard } from '../export/csv';
import type { ImportedCollection } from '../collections/collections.transfer';

// Reading an import file into plain records: our own prompt export (CSV or JSON) or the prompts.chat
// CSV. Nothing here knows the database; import.plan.ts checks the records against it.

export type ImportFormat = ImportResult['format'];

/** One record of the file, in the prompt's terms, before any check against the database. */
export interface ImportRecord {
  /** 1 for the first record. */
  row: number;
  id?: string;
  title: string;
  content: string;
  notes: string | null;
  aiModels: string[];
  tags: string[];
  businessUnit: string;
  /** Empty: the importing admin. */
  ownerEmail: string;
  customFields: Record<string, unknown>;
  /** Its variables' definitions, as the file gives them (undefined: it does not; checked with the rest). */
  variableDefinitions?: unknown;
  /** Who may see it, as the file says (empty: the file does not say). */
  visibility: string;
  /** Its units, when the file names any (undefined: it does not). */
  units?: string[];
  /** Its status, as the file says (empty: the file does not say). */
  status?: string;
  createdAt?: Date;
  updatedAt?: Date;
  /** A problem found while reading (a field that is not JSON, say). */
  problem?: { field: string; message: string };
}

/** A file read: its kind, its records, and whether it has a place for AI applications at all. */
export interface ImportFile {
  format: ImportFormat;
  records: ImportRecord[];
  /** False for a prompts.chat CSV or an export CSV without the aiModels column: their rows get the chosen application. */
  namesAiModels: boolean;
  /** A JSON export's collections (none in a CSV file or a bare JSON array). */
  collections?: ImportedCollection[];
}

const tooLarge = () => new AppError(413, 'import_too_large', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);

/**
 * The body's bytes, failing once there are more than the import takes. `pipe` does not carry errors
 * downstream, so the source's failure (a client that went away) is passed on by hand.
 */
function limited(source: Readable): Transform {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > IMPORT_MAX_BYTES) done(tooLarge());
      else done(null, chunk);
    },
  });
  source.on('error', (err) => counter.destroy(err));
  return source.pipe(counter);
}

const LIST_SEPARATOR = /\s*;\s*/;
const splitList = (v: string) => (v.trim() ? v.split(LIST_SEPARATOR).filter(Boolean) : []);
const date = (v: unknown) => {
  if (typeof v !== 'string' || !v) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
};
const nonEmpty = (values: string[]) => (values.length ? values : undefined);
const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const list = (v: unknown) => (Array.isArray(v) ? v.map(text) : typeof v === 'string' ? splitList(v) : []);
export const PROMPTS_CHAT_TAG = 'prompts.chat';
const TRUTHY = new Set(['true', '1', 'yes', 'y', 'x']);

/**
 * A record of our own export (CSV columns or JSON object fields, the same names). `aiModel` is the
 * chosen application of a CSV file without the aiModels column.
 */
function fromExport(row: number, r: Record<string, unknown>, csv: boolean, aiModel?: string): ImportRecord {
  const read = (k: string) => (csv ? csvUnguard(text(r[k])) : text(r[k]));
  let customFields: Record<string, unknown> = {};
  let problem: ImportRecord['problem'];
  const raw = r.customFields;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) customFields = raw as Record<string, unknown>;
  else if (typeof raw === 'string' && raw.trim()) {
    try {
      const parsed: unknown = JSON.parse(csvUnguard(raw));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) customFields = parsed as Record<string, unknown>;
      else problem = { field: 'customFields', message: 'Custom fields must be a JSON object' };
    } catch {
      problem = { field: 'customFields', message: 'Custom fields are not valid JSON' };
    }
  }
  let variableDefinitions: unknown;
  const definitions = r.variableDefinitions;
  if (Array.isArray(definitions)) variableDefinitions = definitions;
  else if (typeof definitions === 'string' && definitions.trim()) {
    try {
      variableDefinitions = JSON.parse(csvUnguard(definitions));
    } catch {
      problem ??= { field: 'variableDefinitions', message: 'Variable definitions are not valid JSON' };
    }
  }
  return {
    row,
    id: text(r.id) || undefined,
    ...(variableDefinitions === undefined ? {} : { variableDefinitions }),
    title: read('title'),
    content: read('content'),
    notes: read('notes') || null,
    aiModels: aiModel ? [aiModel] : csv ? splitList(read('aiModels')) : list(r.aiModels),
    tags: csv ? splitList(read('tags')) : list(r.tags),
    businessUnit: read('businessUnit'),
    ownerEmail: text(r.ownerEmail).trim().toLowerCase(),
    customFields,
    visibility: read('visibility').trim(),
    status: read('status').trim().toLowerCase(),
    // An empty list (an organization or private prompt's) names no unit.
    units: nonEmpty(csv ? splitList(read('units')) : list(r.units)),
    createdAt: date(r.createdAt),
    updatedAt: date(r.updatedAt),
    problem,
  };
}

/** The notes of a prompts.chat row: who wrote it, so the credit survives the import. */
const contributorNote = (contributor: string) => (contributor ? `Contributed to prompts.chat by ${contributor}` : null);

/** A record of the prompts.chat collection: `act` is the title, `prompt` the content, `contributor` goes to the notes. */
function fromPromptsChat(row: number, r: Record<string, unknown>, aiModel: string | undefined): ImportRecord {
  // Every row also gets the collection's name as a tag: it says where the prompt came from, and a row
  // with neither type nor for_devs still has the tag the form requires.
  const tags = [PROMPTS_CHAT_TAG, text(r.type).trim(), TRUTHY.has(text(r.for_devs).trim().toLowerCase()) ? 'developers' : ''].filter(Boolean);
  return {
    row,
    title: text(r.act),
    content: text(r.prompt),
    notes: contributorNote(text(r.contributor).trim()),
    aiModels: aiModel ? [aiModel] : [],
    tags,
    businessUnit: '',
    ownerEmail: '',
    customFields: {},
    visibility: '',
  };
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of limited(stream)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/**
 * Reads a JSON export: `{"prompts": [...], "collections": [...]}`, or the bare array of prompt objects
 * that exports wrote before collections (and still do for other data sets).
 */
async function readJson(stream: Readable): Promise<ImportFile> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readAll(stream));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalidFields('The file is not valid JSON', { file: 'Not valid JSON' });
  }
  const wrapped = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as { prompts?: unknown; collections?: unknown }) : null;
  const data = wrapped ? wrapped.prompts : parsed;
  if (!Array.isArray(data)) {
    throw invalidFields('A JSON import must be a list of prompts, or an object with a list of prompts, as the export writes it', {
      file: 'Expected a JSON array of prompts',
    });
  }
  if (wrapped?.collections !== undefined && !Array.isArray(wrapped.collections)) {
    throw invalidFields('The collections of a JSON import must be a list', { file: 'Expected a JSON array of collections' });
  }
  const collections = ((wrapped?.collections as unknown[] | undefined) ?? []).filter(
    (c): c is ImportedCollection => Boolean(c) && typeof c === 'object' && !Array.isArray(c),
  );
  const records = data.map((item: unknown, i) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? fromExport(i + 1, item as Record<string, unknown>, false)
      : { ...fromExport(i + 1, {}, false), problem: { field: 'row', message: 'Expected an object' } },
  );
  return { format: 'prompts-json', records, namesAiModels: true, collections };
}

/** Reads a CSV file, streamed through csv-parse: the header says which kind it is. */
async function readCsv(stream: Readable, aiModel: string | undefined): Promise<ImportFile> {
  let format: ImportFormat | undefined;
  let namesAiModels = false;
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    columns: (header: string[]) => {
      const names = header.map((h) => h.trim());
      if (names.includes('title') && names.includes('content')) format = 'prompts-csv';
      else if (names.includes('act') && names.includes('prompt')) format = 'prompts-chat-csv';
      else {
        throw invalidFields('Unrecognised CSV: expected the columns title and content (a prompt export) or act and prompt (prompts.chat)', {
          file: 'Unknown columns',
        });
      }
      namesAiModels = names.includes('aiModels');
      return names;
    },
  });
  const records: ImportRecord[] = [];
  const bytes = limited(stream);
  bytes.on('error', (err) => parser.destroy(err));
  try {
    for await (const r of bytes.pipe(parser)) {
      const row = records.length + 1;
      records.push(
        format === 'prompts-chat-csv'
          ? fromPromptsChat(row, r as Record<string, unknown>, aiModel)
          : fromExport(row, r as Record<string, unknown>, true, namesAiModels ? undefined : aiModel),
      );
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof AppError) throw cause;
    throw invalidFields(`The CSV file could not be read: ${(err as Error).message}`, { file: 'Not valid CSV' });
  }
  if (!format) throw invalidFields('The file is empty', { file: 'Empty file' });
  return { format, records, namesAiModels };
}

/** Reads the request body by its content type. */
export function readImportFile(stream: Readable, contentType: string, aiModel: string | undefined): Promise<ImportFile> {
  if (/^application\/json\b/i.test(contentType)) return readJson(stream);
  return readCsv(stream, aiModel);
}

import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants';

/** The largest file an import takes. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

export const IMPORT_CONFLICT_POLICIES = ['skip', 'overwrite', 'copy'] as const;
export type ImportConflictPolicy = (typeof IMPORT_CONFLICT_POLICIES)[number];

const flag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => v === 'true');

/**
 * `POST /api/admin/import` query. The body is the file itself (CSV or JSON), sent as `text/csv` or
 * `application/json`: our own prompt export, or the prompts.chat CSV (`act`, `prompt`, …).
 */
export const importQuerySchema = z.object({
  /** Check and count without writing anything. */
  dryRun: flag('dryRun'),
  /** Same owner and title (any case) as an existing prompt, or an earlier row of the file. */
  onConflict: z.enum(IMPORT_CONFLICT_POLICIES, { error: 'onConflict must be skip, overwrite or copy' }).default('skip'),
  /** Rows whose content nearly copies a prompt of the library (at least SIMILARITY_THRESHOLD alike) are skipped. */
  skipSimilar: flag('skipSimilar'),
  /** Other tools' placeholders (`{name}`, `[NAME]`, `<name>`, `${name}`, `${name:default}`) become `{{name}}` variables. */
  convertPlaceholders: flag('convertPlaceholders'),
  /** An owner email without an account: the chosen owner (`owner`) owns the prompt (`assign`), or the row is refused. */
  unknownOwners: z.enum(['assign', 'refuse'], { error: 'unknownOwners must be assign or refuse' }).default('assign'),
  /** For files that name no AI application (prompts.chat, an export without the aiModels column): the application their prompts are for. */
  aiModel: z.string().trim().max(MAX_TEXT_LENGTH, `aiModel must be at most ${MAX_TEXT_LENGTH} characters`).optional(),
  /** The account that owns rows naming no owner (and unknown owners under `assign`); empty: the importing admin. */
  owner: z.uuid({ error: 'owner must be the id of an account' }).optional(),
  /** The business unit of rows naming none; empty: their owner's unit. */
  businessUnit: z.string().trim().max(MAX_TEXT_LENGTH, `businessUnit must be at most ${MAX_TEXT_LENGTH} characters`).optional(),
});
export type ImportQuery = z.output<typeof importQuerySchema>;

export const importRowErrorSchema = z.object({
  /** 1 for the first record (the CSV header line is not counted). */
  row: z.number(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** A row that would add a near-copy of a prompt of the library, and that prompt. */
export const importSimilarRowSchema = z.object({
  row: z.number(),
  title: z.string(),
  promptId: z.string(),
  promptTitle: z.string(),
  /** From 0 to 1, as `POST /api/prompts/similar` answers it. */
  similarity: z.number(),
});
export type ImportSimilarRow = z.infer<typeof importSimilarRowSchema>;

/** A row whose content holds other tools' placeholders, and the variables they become with `convertPlaceholders`. */
export const importPlaceholderRowSchema = z.object({ row: z.number(), title: z.string(), variables: z.array(z.string()) });
export type ImportPlaceholderRow = z.infer<typeof importPlaceholderRowSchema>;

/** The import option that fixes a problem without editing the file. */
export const IMPORT_FIXES = ['aiModel', 'unknownOwners'] as const;
export type ImportFix = (typeof IMPORT_FIXES)[number];

/** One kind of problem, reported once however many rows share it. */
export const importProblemSchema = z.object({
  field: z.string(),
  message: z.string(),
  /** How many rows have it. */
  rows: z.number(),
  /** The first few of those rows (1 for the first record). */
  examples: z.array(z.number()),
  /** The option that fixes it, when one does; otherwise the file needs correcting. */
  fix: z.enum(IMPORT_FIXES).nullable(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** `GET /api/admin/import/defaults`: what the Import Data screen preselects. */
export const importDefaultsSchema = z.object({
  /** For files that name no AI application: the one most prompts of the library use (a seeded one in an empty library); null when the catalog is empty. */
  aiModel: z.string().nullable(),
});
export type ImportDefaults = z.infer<typeof importDefaultsSchema>;

export const importResultSchema = z.object({
  /** Which kind of file it was read as. */
  format: z.enum(['prompts-csv', 'prompts-json', 'prompts-chat-csv']),
  dryRun: z.boolean(),
  total: z.number(),
  /** Prompts created (copies of conflicting rows included). */
  create: z.number(),
  /** Existing prompts overwritten. */
  update: z.number(),
  /** Rows whose owner and title clash with an existing prompt or an earlier row. */
  conflicts: z.number(),
  /** Rows skipped because of a conflict. */
  skipped: z.number(),
  invalid: z.number(),
  /** The first 1,000 problems, row by row. */
  errors: z.array(importRowErrorSchema),
  /** Every problem once, with how many rows have it, most rows first. */
  problems: z.array(importProblemSchema),
  /** Rows that would create a near-copy of a prompt of the library (skipped with `skipSimilar`, and counted in `skipped`). */
  similarRows: z.number(),
  /** The first 1,000 of them, each with the prompt it is most alike. */
  similar: z.array(importSimilarRowSchema),
  /** Rows holding other tools' placeholders (a dry run lists them; `convertPlaceholders` converts them). */
  placeholderRows: z.number(),
  /** The first 1,000 of them, with the variables each would get. */
  placeholders: z.array(importPlaceholderRowSchema),
  /** A JSON export's collections, created for the importing admin (absent when the file has none). */
  collections: z.number().optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

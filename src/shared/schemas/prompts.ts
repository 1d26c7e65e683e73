import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, MAX_LONG_TEXT_LENGTH, MAX_TEXT_LENGTH } from '../constants';
import { PROMPT_SORTS } from '../prompt-rules';
import { requiredText } from './common';

export { customFieldValueOf, defaultSortOrder, PROMPT_SORTS, type PromptSort } from '../prompt-rules';

/** List items are trimmed, blanks dropped and duplicates removed (case-insensitively when asked). */
export function cleanList(values: readonly string[], caseInsensitive: boolean): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    const key = caseInsensitive ? value.toLowerCase() : value;
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

const listOf = (caseInsensitive: boolean) =>
  z
    .array(z.string().max(MAX_TEXT_LENGTH, `Each item must be at most ${MAX_TEXT_LENGTH} characters`), {
      error: 'Expected a list of text values',
    })
    .max(50, 'At most 50 items')
    .transform((v) => cleanList(v, caseInsensitive));

/** Values of admin-defined fields, keyed by field name. */
export const customFieldValueSchema = z.union([z.string().max(MAX_LONG_TEXT_LENGTH), z.boolean(), z.array(z.string().max(MAX_TEXT_LENGTH)).max(100), z.null()]);
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;

/**
 * The prompt, shared by the server and the form. aiModels and tags may be empty here because
 * their required-ness follows the form-field configuration; `promptRequirementIssues` applies it.
 */
export const promptInputSchema = z.object({
  title: requiredText('Title is required', MAX_TEXT_LENGTH),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(MAX_LONG_TEXT_LENGTH, `Content must be at most ${MAX_LONG_TEXT_LENGTH} characters`),
  aiModels: listOf(false).default([]),
  tags: listOf(true).default([]),
  notes: z
    .string()
    .trim()
    .max(MAX_LONG_TEXT_LENGTH, `Notes must be at most ${MAX_LONG_TEXT_LENGTH} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Sent by the form; the server ignores it: the owner is always the signed-in user. */
  userId: z.string().max(100).optional(),
  userBusinessUnit: z.string().trim().max(100).optional(),
  customFields: z.record(z.string().max(100), customFieldValueSchema.optional()).optional(),
});
export type PromptInput = z.input<typeof promptInputSchema>;
export type PromptData = z.output<typeof promptInputSchema>;

export const REQUIRED_MESSAGES = {
  aiModels: 'At least one AI application is required',
  tags: 'At least one tag is required',
  notes: 'Notes are required',
  userBusinessUnit: 'User business unit is required',
} as const;

/** Field-level messages for the configurable required-ness of aiModels, tags and notes. */
export function promptRequirementIssues(
  data: Pick<PromptData, 'aiModels' | 'tags' | 'notes'>,
  required: { aiModels: boolean; tags: boolean; notes: boolean },
): Record<string, string> {
  const issues: Record<string, string> = {};
  if (required.aiModels && data.aiModels.length === 0) issues.aiModels = REQUIRED_MESSAGES.aiModels;
  if (required.tags && data.tags.length === 0) issues.tags = REQUIRED_MESSAGES.tags;
  if (required.notes && !data.notes) issues.notes = REQUIRED_MESSAGES.notes;
  return issues;
}

const commaList = z
  .string()
  .max(4000)
  .optional()
  .transform((v) => (v ? cleanList(v.split(','), false) : []));

/** A list cursor that is malformed, tampered with, or made for another sort or order. */
export const INVALID_CURSOR_MESSAGE = 'Invalid cursor';

export const promptListQuerySchema = z.object({
  search: z
    .string()
    .max(200, 'Search must be at most 200 characters')
    .optional()
    .transform((v) => v?.trim() ?? ''),
  businessUnits: commaList,
  aiModels: commaList,
  tags: commaList,
  sort: z.enum(PROMPT_SORTS, { error: 'Unknown sort' }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(LIST_MAX_LIMIT, `Limit must be at most ${LIST_MAX_LIMIT}`)
    .default(LIST_DEFAULT_LIMIT),
  // A title key of 200 non-ASCII characters takes about 1,100 characters of cursor.
  cursor: z.string().max(4000, INVALID_CURSOR_MESSAGE).optional(),
});
export type PromptListQuery = z.output<typeof promptListQuerySchema>;

export const promptAuthorSchema = z.object({ firstName: z.string(), lastName: z.string() });

export const promptListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  contentPreview: z.string(),
  /** With a search: the content around the best match, matched words between \u0002 and \u0003. */
  snippet: z.string().optional(),
  aiModels: z.array(z.string()),
  tags: z.array(z.string()),
  userId: z.string(),
  userBusinessUnit: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: promptAuthorSchema,
  canEdit: z.boolean(),
});
export type PromptListItem = z.infer<typeof promptListItemSchema>;

export const promptListResponseSchema = z.object({
  items: z.array(promptListItemSchema),
  total: z.number(),
  /** True when `total` was capped: there are at least that many matches. */
  totalIsLowerBound: z.boolean(),
  nextCursor: z.string().nullable(),
  /** How the list is ordered: relevance when searching with few enough matches, else the requested sort. */
  orderedBy: z.enum(PROMPT_SORTS),
});
export type PromptListResponse = z.infer<typeof promptListResponseSchema>;

export const promptSchema = promptListItemSchema.omit({ contentPreview: true, snippet: true }).extend({
  content: z.string(),
  notes: z.string().nullable(),
  customFields: z.record(z.string(), z.unknown()),
  user: promptAuthorSchema.extend({ email: z.string() }),
  /** The content's template variables, in order of first appearance (see shared/template-variables.ts). */
  variables: z.array(z.object({ name: z.string(), options: z.array(z.string()).optional(), builtin: z.boolean().optional() })),
});
export type Prompt = z.infer<typeof promptSchema>;

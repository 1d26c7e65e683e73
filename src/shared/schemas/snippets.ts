import { z } from 'zod';
import { MAX_LONG_TEXT_LENGTH } from '../constants';
import { SNIPPET_NAME } from '../snippets';
import { VISIBILITIES, VISIBILITY_MESSAGES } from '../visibility';
import { listLimitSchema } from './common';
import { sharedUnitsSchema } from './collections';

// Snippets: named, versioned pieces of text that prompts include with `{{> name}}` (see
// shared/snippets.ts). Seen by the prompts' rule (visibility, units, owner); changed by their owner
// and administrators.

export const SNIPPET_MESSAGES = {
  nameRequired: 'Name is required',
  nameInvalid: 'Name must be 1–64 letters, digits, “-” or “_”',
  contentRequired: 'Content is required',
  contentTooLong: `Content must be at most ${MAX_LONG_TEXT_LENGTH} characters`,
  notFound: 'Snippet not found',
  readOnly: 'Read-only members cannot create or change snippets',
  notYours: 'You can only change your own snippets',
} as const;

/** "A snippet named “x” already exists": names are unique in any case. */
export const snippetNameTakenMessage = (name: string) => `A snippet named “${name}” already exists`;

/** The 400 of a text that includes a snippet shared with fewer people than the text itself. */
export const narrowerSnippetMessage = (name: string) =>
  `The snippet “${name}” is shared with fewer people than this text: share it more widely or narrow who sees the text`;

const name = z.string({ error: SNIPPET_MESSAGES.nameRequired }).trim().min(1, SNIPPET_MESSAGES.nameRequired).regex(SNIPPET_NAME, SNIPPET_MESSAGES.nameInvalid);

const content = z
  .string({ error: SNIPPET_MESSAGES.contentRequired })
  .trim()
  .min(1, SNIPPET_MESSAGES.contentRequired)
  .max(MAX_LONG_TEXT_LENGTH, SNIPPET_MESSAGES.contentTooLong);

/** A new snippet; visibility as for prompts (omitted: the organization; `units` without a list: the owner's unit). */
export const snippetCreateSchema = z.object({
  name,
  content,
  visibility: z.enum(VISIBILITIES, { error: VISIBILITY_MESSAGES.unknown }).optional(),
  units: sharedUnitsSchema.optional(),
});
export type SnippetCreate = z.output<typeof snippetCreateSchema>;

/** A change: a field left out keeps its value. A new name rewrites every `{{> old}}` to it. */
export const snippetUpdateSchema = z.object({
  name: name.optional(),
  content: content.optional(),
  visibility: snippetCreateSchema.shape.visibility,
  units: sharedUnitsSchema.optional(),
});
export type SnippetUpdate = z.output<typeof snippetUpdateSchema>;

const usedInPromptSchema = z.object({ id: z.string(), title: z.string() });

export const snippetSchema = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  visibility: z.enum(VISIBILITIES),
  units: z.array(z.string()),
  owner: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  version: z.number().int(),
  canEdit: z.boolean(),
  usedInCount: z.number().int().describe('Prompts the caller may see that include it, directly or through other snippets'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Snippet = z.infer<typeof snippetSchema>;

export const snippetDetailSchema = snippetSchema.extend({
  usedIn: z.array(usedInPromptSchema).describe('Those prompts (at most 200), by title'),
  hiddenUsedInCount: z.number().int().describe('Prompts that include it which the caller may not see'),
  includedBy: z.array(z.object({ id: z.string(), name: z.string() })).describe('Snippets that include it directly'),
  versions: z.array(z.object({ version: z.number().int(), name: z.string(), content: z.string(), authorName: z.string(), createdAt: z.string() })),
});
export type SnippetDetail = z.infer<typeof snippetDetailSchema>;

export const snippetListQuerySchema = z.object({
  limit: listLimitSchema,
  cursor: z.string().max(500, 'Invalid cursor').optional(),
  search: z.string().trim().max(64, 'Search must be at most 64 characters').default(''),
});
export type SnippetListQuery = z.output<typeof snippetListQuerySchema>;

export const snippetListSchema = z.object({ items: z.array(snippetSchema), nextCursor: z.string().nullable() });
export type SnippetList = z.infer<typeof snippetListSchema>;

/** A text to expand for the caller, as a prompt form asks while its content is written. */
export const snippetExpandSchema = z.object({
  content: z.string({ error: SNIPPET_MESSAGES.contentRequired }).max(MAX_LONG_TEXT_LENGTH, SNIPPET_MESSAGES.contentTooLong),
});

export const snippetExpansionSchema = z.object({
  expandedContent: z.string().describe('The text with each snippet it includes written out, as the caller may see them'),
  variables: z.array(z.string()).describe('The variables of the expanded text, in order of first appearance, built-ins included'),
  problem: z.string().nullable().describe('What keeps the text from expanding (a snippet missing or not shared with the caller, a loop, too deep), or null'),
  snippets: z.array(z.object({ id: z.string(), name: z.string() })).describe('The snippets it includes directly that the caller may see'),
});
export type SnippetExpansion = z.infer<typeof snippetExpansionSchema>;

import { z } from 'zod';
import { OWNERSHIPS } from './owners';
import { promptVotesSchema, VOTE_VALUES } from './feedback';
import { MAX_LONG_TEXT_LENGTH, MAX_TEXT_LENGTH } from '../constants';
import { PROMPT_SORTS } from '../prompt-rules';
import { cleanTags, normaliseTag } from '../tag-names';
import { MAX_VISIBLE_UNITS, VISIBILITIES, type Visibility, VISIBILITY_MESSAGES } from '../visibility';
import { requiredText, listLimitSchema } from './common';
import { promptVariableSchema, savedVariableDefinitionSchema, variableDefinitionsSchema } from './variables';
import { CREATE_STATUSES, PROMPT_STATUSES, promptStatusDetailsSchema, STATUS_MESSAGES, statusListSchema } from './status';

export const MAX_CHANGE_NOTE_LENGTH = 200;

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

/** Tags as stored (see tag-names.ts): a value holding commas or semicolons is several tags. */
const tagList = z
  .array(z.string().max(MAX_TEXT_LENGTH, `Each item must be at most ${MAX_TEXT_LENGTH} characters`), {
    error: 'Expected a list of text values',
  })
  .max(50, 'At most 50 items')
  .transform(cleanTags)
  .refine((v) => v.length <= 50, 'At most 50 items');

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
  tags: tagList.default([]),
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
  /**
   * What each template variable is (type, label, default, options…). Omitted on an update: the saved
   * definitions are kept, but for variables no longer in the content. A name not in the content is a 400.
   */
  variableDefinitions: variableDefinitionsSchema.optional(),
  /**
   * Who may see it. Omitted: a new prompt gets the server's default (DEFAULT_VISIBILITY), a saved one
   * keeps its own. `units` names business units, and is given only with `units` visibility; without
   * it, `units` means the owner's unit.
   */
  visibility: z.enum(VISIBILITIES, { error: VISIBILITY_MESSAGES.unknown }).optional(),
  units: z
    .array(z.string({ error: 'Expected a list of business unit names' }).max(100, 'Each business unit must be at most 100 characters'), {
      error: 'Expected a list of business unit names',
    })
    .max(MAX_VISIBLE_UNITS, `At most ${MAX_VISIBLE_UNITS} business units`)
    .transform((v) => cleanList(v, true))
    .optional(),
  /** A new prompt: `draft` (only its owner and co-owners see it) or `published` (the default). Ignored on updates. */
  status: z.enum(CREATE_STATUSES, { error: STATUS_MESSAGES.createStatus }).optional(),
  /** "What changed?" on the edit form: kept with the version this save makes. */
  changeNote: z
    .string()
    .trim()
    .max(MAX_CHANGE_NOTE_LENGTH, `What changed must be at most ${MAX_CHANGE_NOTE_LENGTH} characters`)
    .optional()
    .transform((v) => v || undefined),
});
export type PromptInput = z.input<typeof promptInputSchema>;

/** GET /api/prompt-defaults: what a new prompt gets unless its writer chooses otherwise. */
export const promptDefaultsSchema = z.object({
  visibility: z.enum(VISIBILITIES),
  /** For `units`: the writer's own unit. */
  units: z.array(z.string()),
});
export type PromptDefaults = z.infer<typeof promptDefaultsSchema>;

/**
 * The visibility fields' own rule, given the visibility the prompt will have (asked, or kept, or the
 * default): units only with `units`, and then at least one. The server adds that each unit exists.
 */
export function visibilityIssues(visibility: Visibility, units: readonly string[] | undefined): Record<string, string> {
  if (units === undefined) return {};
  if (visibility !== 'units') return { units: VISIBILITY_MESSAGES.unitsWithoutUnitsVisibility };
  if (units.length === 0) return { units: VISIBILITY_MESSAGES.noUnits };
  return {};
}
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
  // Filters name tags in their stored form: a link written with another spacing still finds the tag.
  tags: commaList.transform((v) => cleanList(v.map(normaliseTag), false)),
  sort: z.enum(PROMPT_SORTS, { error: 'Unknown sort' }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).optional(),
  limit: listLimitSchema,
  /** Only prompts of these visibilities ("Only me", "My units", "Organization" in the sidebar). */
  visibility: z
    .string()
    .max(100)
    .optional()
    .transform((v, ctx) => {
      const values = v ? cleanList(v.split(','), false) : [];
      const unknown = values.find((value) => !(VISIBILITIES as readonly string[]).includes(value));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: VISIBILITY_MESSAGES.unknown });
        return z.NEVER;
      }
      return values as Array<(typeof VISIBILITIES)[number]>;
    }),
  /**
   * Only the viewer's own prompts: those they own, or those they co-own. My Prompts lists both when it
   * is left out; everyone's list, when it is given, narrows to the viewer's own the same way.
   */
  ownership: z.enum(OWNERSHIPS, { error: 'Ownership must be owned or coOwned' }).optional(),
  /**
   * Only prompts of these statuses. Left out: published and verified ones, and in My Prompts drafts
   * too; deprecated prompts only when asked for ("Show deprecated"). Drafts are never listed beyond
   * their owner's and co-owners' own prompts.
   */
  status: statusListSchema,
  /** `true`: only verified prompts. */
  verified: z
    .enum(['true', 'false'], { error: 'Verified must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  /** Only the prompts of this collection; listed in its order unless another `sort` is asked. */
  collection: z.uuid({ error: 'collection must be a collection id' }).optional(),
  /** `true`: only the viewer's favourites (with any search and filters). */
  favorites: z
    .enum(['true', 'false'], { error: 'Favorites must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
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
  /** Who may see it, and for `units` which business units (else empty). */
  visibility: z.enum(VISIBILITIES),
  /** draft, published, verified or deprecated. */
  status: z.enum(PROMPT_STATUSES),
  units: z.array(z.string()),
  /** How many times anyone used the prompt (copied it or opened it in an AI application). */
  useCount: z.number(),
  /** Whether the viewer marked it as a favourite. */
  isFavorite: z.boolean(),
  /** Feedback: how many said it worked well (up) and didn't work (down), and the viewer's own vote. */
  votes: promptVotesSchema,
  myVote: z.enum(VOTE_VALUES).nullable(),
  /** In the viewer's recently used prompts: when they last used it. */
  lastUsedAt: z.string().optional(),
});
export type PromptListItem = z.infer<typeof promptListItemSchema>;

/** How a search found its list (see `searchMode`). */
export const SEARCH_MODES = ['all', 'some', 'similar'] as const;

export const promptListResponseSchema = z.object({
  items: z.array(promptListItemSchema),
  total: z.number(),
  /** True when `total` was capped: there are at least that many matches. */
  totalIsLowerBound: z.boolean(),
  nextCursor: z.string().nullable(),
  /**
   * How the list is ordered: relevance when searching with few enough matches, else the requested sort;
   * `lastUsedAt` for the viewer's recently used prompts.
   */
  orderedBy: z.enum([...PROMPT_SORTS, 'lastUsedAt']),
  /**
   * Searches only: `all` when every word matched, `some` when no prompt has them all and the list holds
   * the prompts with the most of them (ranked), `similar` when no word matched and the list holds the
   * prompts with the close words offered in `suggestions`, or, when there are none, titles close to the search.
   */
  searchMode: z.enum(SEARCH_MODES).optional().describe('How a search found its list: every word, the most of the words, or similar words'),
  /** Searches only: close library words for the words that match nothing ("Did you mean …?"). */
  suggestions: z
    .array(
      z.object({
        word: z.string().describe('A word of the search that no prompt holds'),
        suggestion: z.string().describe('A close word that prompts hold'),
        search: z.string().describe('The search with the word replaced'),
      }),
    )
    .optional(),
});
export type PromptListResponse = z.infer<typeof promptListResponseSchema>;
export type SearchSuggestion = NonNullable<PromptListResponse['suggestions']>[number];

export const promptSchema = promptListItemSchema.omit({ contentPreview: true, snippet: true, lastUsedAt: true }).extend({
  content: z.string(),
  notes: z.string().nullable(),
  customFields: z.record(z.string(), z.unknown()),
  user: promptAuthorSchema.extend({ email: z.string() }),
  /**
   * The content with its snippets (`{{> name}}`) expanded for the caller: what the runner fills, Copy
   * copies and MCP serves. The content itself when it includes none, or when they cannot be expanded.
   */
  expandedContent: z.string(),
  /** Why the snippets cannot be expanded for the caller (missing, a loop, too deep); null when they can. */
  snippetProblem: z.string().nullable(),
  /** The snippets the content includes directly that the caller may see. */
  snippets: z.array(z.object({ id: z.string(), name: z.string() })),
  /**
   * The template variables of the expanded content, in order of first appearance (see
   * shared/template-variables.ts), each with its definition or, undefined, as text (a choice when the
   * template lists options). Variables inside snippets are the prompt's own.
   */
  variables: z.array(promptVariableSchema),
  /** The definitions as saved (what the form edits). */
  variableDefinitions: z.array(savedVariableDefinitionSchema),
  /** When the viewer last used it (null: never). */
  lastUsedAt: z.string().nullable(),
  /** The note the viewer left with their vote, if any. */
  myVoteNote: z.string().nullable(),
  ...promptStatusDetailsSchema.shape,
  /** The number of its current version, and who saved that version. */
  version: z.number(),
  lastEditor: z.object({ id: z.string().nullable(), firstName: z.string(), lastName: z.string() }),
});
export type Prompt = z.infer<typeof promptSchema>;

/** How a prompt was used: copied, opened in an AI application, or fetched by an AI client over MCP. */
export const PROMPT_USE_KINDS = ['copy', 'launch', 'mcp'] as const;
/** The kinds a use is recorded with: those a client reports, and a test run on the organization's model (recorded by the server). */
export type PromptUseKind = (typeof PROMPT_USE_KINDS)[number] | 'run';

/** What the web client records; `mcp` is recorded by the server itself. */
export const promptUseInputSchema = z.object({
  kind: z.enum(['copy', 'launch'], { error: 'Kind must be copy or launch' }),
});

/** The viewer's recently used prompts: pages only, newest use first. */
export const recentPromptsQuerySchema = promptListQuerySchema.pick({ limit: true, cursor: true });
export type RecentPromptsQuery = z.output<typeof recentPromptsQuerySchema>;

/** Who saved a version: `id` is null once the account is deleted (the names are those of the time). */
export const versionEditorSchema = z.object({ id: z.string().nullable(), firstName: z.string(), lastName: z.string() });

export const promptVersionSummarySchema = z.object({
  number: z.number(),
  editor: versionEditorSchema,
  createdAt: z.string(),
  note: z.string().nullable(),
  /** Names of the fields that differ from the previous version; custom fields as `customFields.<name>`. */
  changedFields: z.array(z.string()),
  /** The member whose accepted suggestion this version is (null: the editor's own change). */
  suggestedBy: versionEditorSchema.nullable(),
});
export type PromptVersionSummary = z.infer<typeof promptVersionSummarySchema>;

export const promptVersionListSchema = z.object({
  items: z.array(promptVersionSummarySchema),
  total: z.number(),
  nextCursor: z.string().nullable(),
});
export type PromptVersionList = z.infer<typeof promptVersionListSchema>;

export const promptVersionSchema = promptVersionSummarySchema.extend({
  title: z.string(),
  content: z.string(),
  notes: z.string().nullable(),
  aiModels: z.array(z.string()),
  tags: z.array(z.string()),
  userBusinessUnit: z.string(),
  customFields: z.record(z.string(), z.unknown()),
  variableDefinitions: z.array(savedVariableDefinitionSchema),
});
export type PromptVersion = z.infer<typeof promptVersionSchema>;

export const versionParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid id' }),
  number: z.coerce
    .number({ error: 'Version must be a number' })
    .int('Version must be a whole number')
    .min(1, 'Version must be at least 1')
    .max(2_147_483_647, 'Version not found'),
});

export const versionListQuerySchema = z.object({
  limit: promptListQuerySchema.shape.limit,
  cursor: z.string().max(200, INVALID_CURSOR_MESSAGE).optional(),
});

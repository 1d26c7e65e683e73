import { z } from 'zod';
import { MAX_LONG_TEXT_LENGTH } from '../constants';
import { listLimitSchema } from './common';
import { promptInputSchema, versionEditorSchema } from './prompts';

/**
 * Suggested edits: a member who cannot edit a prompt proposes a changed title, content, notes or tags
 * with a message; the prompt's owner, co-owners and curators accept it (a new version, credited to the
 * suggester) or decline it with a reply.
 */
export const SUGGESTION_STATUSES = ['open', 'accepted', 'declined'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/** The prompt fields a suggestion may change. */
export const SUGGESTED_FIELDS = ['title', 'content', 'notes', 'tags'] as const;
export type SuggestedField = (typeof SUGGESTED_FIELDS)[number];

export const MAX_SUGGESTION_MESSAGE = 1000;
/** Open suggestions one member may have on one prompt at a time. */
export const MAX_OPEN_SUGGESTIONS_PER_MEMBER = 10;

const limit = MAX_SUGGESTION_MESSAGE.toLocaleString('en-US');
export const SUGGESTION_MESSAGES = {
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${limit} characters`,
  replyRequired: 'Reply is required',
  replyTooLong: `Reply must be at most ${limit} characters`,
  nothingChanged: 'Change the title, content, notes or tags to suggest an edit',
  editorsEdit: 'You can edit this prompt: change it instead of suggesting an edit',
  decideForbidden: 'Only the owner, co-owners and curators of this prompt can decide its suggestions',
  alreadyDecided: 'This suggestion has already been decided',
  tooMany: `You already have ${MAX_OPEN_SUGGESTIONS_PER_MEMBER} open suggestions on this prompt`,
  notFound: 'Suggestion not found',
} as const;

const message = (required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(MAX_SUGGESTION_MESSAGE, tooLong);

/** POST /api/prompts/{id}/suggestions: the fields left out stay as they are; `notes: null` or "" clears them. */
export const suggestionInputSchema = z.object({
  title: promptInputSchema.shape.title.optional(),
  content: promptInputSchema.shape.content.optional(),
  notes: z
    .string()
    .trim()
    .max(MAX_LONG_TEXT_LENGTH, `Notes must be at most ${MAX_LONG_TEXT_LENGTH} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  tags: promptInputSchema.shape.tags.unwrap().optional(),
  message: message(SUGGESTION_MESSAGES.messageRequired, SUGGESTION_MESSAGES.messageTooLong),
});
export type SuggestionInput = z.input<typeof suggestionInputSchema>;

/** POST /api/suggestions/{id}/decline. */
export const suggestionDeclineSchema = z.object({
  reply: message(SUGGESTION_MESSAGES.replyRequired, SUGGESTION_MESSAGES.replyTooLong),
});

/** What a suggestion changes: only the fields it suggested. */
export const suggestedChangesSchema = z.object({
  title: z.string().optional(),
  content: z.string().optional(),
  notes: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
});
export type SuggestedChanges = z.infer<typeof suggestedChangesSchema>;

/** The prompt's text now, which a suggestion is shown against. */
export const suggestionBaseTextSchema = z.object({
  title: z.string(),
  content: z.string(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
});
export type SuggestionBaseText = z.infer<typeof suggestionBaseTextSchema>;

export const suggestionSchema = z.object({
  id: z.string(),
  promptId: z.string(),
  status: z.enum(SUGGESTION_STATUSES),
  message: z.string(),
  /** Who suggested it (`id` null once the account is deleted). */
  author: versionEditorSchema,
  changes: suggestedChangesSchema,
  /** The prompt's version when the suggestion was made, and its version now: older when they differ. */
  baseVersion: z.number(),
  currentVersion: z.number(),
  /** The prompt's current title, content, notes and tags. */
  current: suggestionBaseTextSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: versionEditorSchema.nullable(),
  reply: z.string().nullable(),
  /** The version an accepted suggestion made (null: it changed nothing by the time it was accepted). */
  acceptedVersion: z.number().nullable(),
  /** Whether the viewer may accept or decline it. */
  canDecide: z.boolean(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionListSchema = z.object({
  items: z.array(suggestionSchema),
  nextCursor: z.string().nullable(),
});
export type SuggestionList = z.infer<typeof suggestionListSchema>;

/** GET /api/prompts/{id}/suggestions and GET /api/suggestions. */
export const suggestionListQuerySchema = z.object({
  status: z.enum([...SUGGESTION_STATUSES, 'all'], { error: 'Status must be open, accepted, declined or all' }).default('open'),
  limit: listLimitSchema,
  cursor: z.string().max(200).optional(),
});
export type SuggestionListQuery = z.output<typeof suggestionListQuerySchema>;

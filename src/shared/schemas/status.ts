import { z } from 'zod';
import { listLimitSchema } from './common';

/**
 * Where a prompt stands: `draft` (its owner and co-owners are working on it: listed nowhere but their
 * My Prompts), `published` (everyone it is shared with finds it), `verified` (a curator vouched for it,
 * until its review date), `deprecated` (kept for those who use it, left out of lists unless asked for,
 * maybe pointing at a replacement).
 */
export const PROMPT_STATUSES = ['draft', 'published', 'verified', 'deprecated'] as const;
export type PromptStatus = (typeof PROMPT_STATUSES)[number];

/** A new prompt starts as one of these (the API's default: published). */
export const CREATE_STATUSES = ['draft', 'published'] as const;

/** How long a verification lasts before the prompt needs review, unless VERIFICATION_DAYS says otherwise. */
export const DEFAULT_VERIFICATION_DAYS = 180;

export const STATUS_LABELS: Record<PromptStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  verified: 'Verified',
  deprecated: 'Deprecated',
};

export const STATUS_MESSAGES = {
  unknown: 'Status must be draft, published, verified or deprecated',
  createStatus: 'A new prompt is saved as draft or published',
  forbidden: "You cannot change this prompt's status",
  verifyForbidden: "Only a curator of the prompt's business unit can verify it",
  draftDeprecated: 'A draft cannot be deprecated: publish it or delete it',
  draftByCurator: "Only the prompt's owner and co-owners decide when a draft is published",
  replacementWithoutDeprecation: 'A replacement is given only when deprecating',
  replacementNotFound: 'Replacement prompt not found',
  replacementItself: 'A prompt cannot replace itself',
  replacementNotListed: 'The replacement must be a published or verified prompt',
  curatorUnitsUnknown: 'Unknown business unit',
} as const;

const statusEnum = z.enum(PROMPT_STATUSES, { error: STATUS_MESSAGES.unknown });

/** PUT /api/prompts/{id}/status. */
export const statusChangeSchema = z.object({
  status: statusEnum,
  replacementId: z.uuid({ error: STATUS_MESSAGES.replacementNotFound }).nullish(),
});
export type StatusChange = z.input<typeof statusChangeSchema>;

/** `status=` on lists: a comma-separated list of statuses. */
export const statusListSchema = z
  .string()
  .max(100)
  .optional()
  .transform((text, ctx) => {
    const values = [
      ...new Set(
        (text ?? '')
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ];
    if (values.some((v) => !(PROMPT_STATUSES as readonly string[]).includes(v))) {
      ctx.addIssue({ code: 'custom', message: STATUS_MESSAGES.unknown });
      return z.NEVER;
    }
    return values as PromptStatus[];
  });

export const personRefSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

/** What a prompt says of its status beyond `status` itself. */
export const promptStatusDetailsSchema = z.object({
  /** The curator who verified it, and when; null unless verified. */
  verifiedBy: personRefSchema.nullable(),
  verifiedAt: z.string().nullable(),
  /** When the verification runs out; past it the prompt needs review. */
  reviewBy: z.string().nullable(),
  needsReview: z.boolean(),
  /** "Use instead", for a deprecated prompt; null when there is none or the viewer cannot see it. */
  replacement: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** Whether the viewer may verify or deprecate it as a curator (admins: always). */
  canCurate: z.boolean(),
});
export type PromptStatusDetails = z.infer<typeof promptStatusDetailsSchema>;

/** PUT /api/admin/users/{id}/curator-units. */
export const curatorUnitsInputSchema = z.object({
  units: z.array(z.string().trim().min(1).max(100), { error: 'Expected a list of business unit names' }).max(200),
});

/**
 * The statuses a list shows: as asked (`status=`), else every status but deprecated; `verified=true`
 * keeps only the verified. Drafts are only ever listed among one's own prompts.
 */
export function listedStatuses(asked: readonly PromptStatus[], verifiedOnly: boolean, ownList: boolean): PromptStatus[] {
  const base: readonly PromptStatus[] = asked.length ? asked : ['draft', 'published', 'verified'];
  return base.filter((s) => (!verifiedOnly || s === 'verified') && (ownList || s !== 'draft'));
}

/** GET /api/review: a curator's queue of verified prompts whose review date has come, oldest first. */
export const reviewQueueQuerySchema = z.object({
  limit: listLimitSchema,
  cursor: z.string().max(200, 'Invalid cursor').optional(),
});

export const reviewItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  userBusinessUnit: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string() }),
  verifiedBy: personRefSchema.nullable(),
  verifiedAt: z.string().nullable(),
  reviewBy: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewQueueSchema = z.object({ items: z.array(reviewItemSchema), nextCursor: z.string().nullable() });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

import { z } from 'zod';
import { listLimitSchema } from './common';
import { PROMPT_STATUSES, type PromptStatus, STATUS_MESSAGES } from '../prompt-status';

export {
  CREATE_STATUSES,
  DEFAULT_VERIFICATION_DAYS,
  listedStatuses,
  PROMPT_STATUSES,
  type PromptStatus,
  STATUS_LABELS,
  STATUS_MESSAGES,
} from '../prompt-status';

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
  /** Open suggested edits, counted for those who decide them (0 for everyone else). */
  openSuggestions: z.number(),
  /** Whether the viewer may decide its suggested edits (its editors and curators). */
  canDecideSuggestions: z.boolean(),
});
export type PromptStatusDetails = z.infer<typeof promptStatusDetailsSchema>;

/** PUT /api/admin/users/{id}/curator-units. */
export const curatorUnitsInputSchema = z.object({
  units: z.array(z.string().trim().min(1).max(100), { error: 'Expected a list of business unit names' }).max(200),
});

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

import { z } from 'zod';

/**
 * Feedback on a prompt: anyone who can see it says whether it worked ("up": worked well, "down": didn't
 * work), one vote per member, changeable and removable, with an optional note that the people who
 * maintain the prompt read.
 */
export const VOTE_VALUES = ['up', 'down'] as const;
export type VoteValue = (typeof VOTE_VALUES)[number];

export const MAX_VOTE_NOTE = 1000;

export const FEEDBACK_MESSAGES = {
  value: 'Vote must be up or down',
  noteTooLong: `Note must be at most ${MAX_VOTE_NOTE.toLocaleString('en-US')} characters`,
  notesForbidden: 'Only the people who maintain this prompt can read its feedback notes',
} as const;

/** A prompt's votes, as lists and the prompt page show them. */
export const promptVotesSchema = z.object({ up: z.number(), down: z.number() });
export type PromptVotes = z.infer<typeof promptVotesSchema>;

export const voteInputSchema = z.object({
  value: z.enum(VOTE_VALUES, { error: FEEDBACK_MESSAGES.value }),
  /** Blank is no note; a changed vote without `note` keeps none. */
  note: z
    .string()
    .trim()
    .max(MAX_VOTE_NOTE, { error: FEEDBACK_MESSAGES.noteTooLong })
    .optional()
    .transform((note) => note || null),
});
export type VoteInput = z.input<typeof voteInputSchema>;

/** The answer to a vote: the prompt's counts and the viewer's vote now. */
export const voteResultSchema = z.object({
  votes: promptVotesSchema,
  myVote: z.enum(VOTE_VALUES).nullable(),
  myVoteNote: z.string().nullable(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

/** The notes left with votes, newest first, for the prompt's owner, co-owners, curators and administrators. */
export const feedbackNotesSchema = z.object({
  votes: promptVotesSchema,
  items: z.array(
    z.object({
      value: z.enum(VOTE_VALUES),
      note: z.string(),
      user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
      updatedAt: z.string(),
    }),
  ),
});
export type FeedbackNotes = z.infer<typeof feedbackNotesSchema>;

/**
 * The lower bound of the 95 % Wilson score interval of the share of "up" votes: the "Top rated" order.
 * A prompt with 9 of 10 up ranks above one with 1 of 1, where the raw share would put the single vote
 * first. The database computes the same (`prompt_vote_score`, migration 0026).
 */
export function wilsonLowerBound(up: number, down: number): number {
  const n = up + down;
  // Exactly 0 without an "up" (the formula's rounding could leave a trace), as with no votes at all.
  if (up === 0) return 0;
  const z = 1.96;
  const p = up / n;
  return (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n)) / (1 + (z * z) / n);
}

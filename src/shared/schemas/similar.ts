import { z } from 'zod';
import { MAX_LONG_TEXT_LENGTH, MAX_TEXT_LENGTH } from '../constants';

/**
 * How alike two prompts' contents must be to count as near-copies: pg_trgm's similarity (shared
 * character trigrams over all of either's), from 0 to 1. Chosen on the prompts.chat collection (decision
 * 039): unrelated prompts there score 0.24 at the median and 0.57 at the 99.9th percentile; copies with
 * a tenth of their words changed score 0.81 at the 5th percentile, with a quarter changed 0.66.
 */
export const SIMILARITY_THRESHOLD = 0.6;
/** At most this many near-copies are named. */
export const SIMILAR_PROMPTS_LIMIT = 5;
/** Shorter contents are not compared: a few words resemble too many prompts to say anything. */
export const SIMILARITY_MIN_CONTENT = 40;

export const similarPromptsInputSchema = z.object({
  title: z.string({ error: 'Title must be text' }).trim().max(MAX_TEXT_LENGTH, `Title must be at most ${MAX_TEXT_LENGTH} characters`).default(''),
  content: z.string({ error: 'Content is required' }).trim().max(MAX_LONG_TEXT_LENGTH, `Content must be at most ${MAX_LONG_TEXT_LENGTH} characters`),
  /** The prompt being edited, which is not its own near-copy. */
  excludeId: z.uuid({ error: 'excludeId must be a prompt id' }).optional(),
});
export type SimilarPromptsInput = z.infer<typeof similarPromptsInputSchema>;

export const similarPromptSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** From 0 to 1, two decimals. */
  similarity: z.number(),
});
export type SimilarPrompt = z.infer<typeof similarPromptSchema>;
export const similarPromptsSchema = z.array(similarPromptSchema);

/** At most this many related prompts are shown beside a prompt. */
export const RELATED_PROMPTS_LIMIT = 5;

export const relatedPromptSchema = z.object({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  /** The tags it shares with the prompt it is related to. */
  sharedTags: z.array(z.string()),
  /** How alike the two contents are, from 0 to 1 (pg_trgm similarity), two decimals. */
  similarity: z.number(),
});
export type RelatedPrompt = z.infer<typeof relatedPromptSchema>;
export const relatedPromptsSchema = z.array(relatedPromptSchema);

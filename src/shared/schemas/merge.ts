import { z } from 'zod';

/** The most prompts one merge folds into the one kept. */
export const MAX_MERGED_PROMPTS = 50;

export const MERGE_MESSAGES = {
  keepId: 'Choose the prompt to keep',
  mergeIds: 'Choose the prompts to merge into it',
  tooMany: `Merge at most ${MAX_MERGED_PROMPTS} prompts at once`,
  keptAmongMerged: 'The prompt kept cannot also be merged into itself',
  repeated: 'Each prompt to merge must be named once',
  forbidden: 'Only administrators, or members who own or co-own every prompt involved, may merge them',
} as const;

export const promptMergeInputSchema = z
  .object({
    keepId: z.uuid({ error: MERGE_MESSAGES.keepId }),
    mergeIds: z
      .array(z.uuid({ error: 'Each prompt to merge must be a prompt id' }), { error: MERGE_MESSAGES.mergeIds })
      .min(1, MERGE_MESSAGES.mergeIds)
      .max(MAX_MERGED_PROMPTS, MERGE_MESSAGES.tooMany),
  })
  .superRefine((input, ctx) => {
    if (input.mergeIds.includes(input.keepId)) ctx.addIssue({ code: 'custom', path: ['mergeIds'], message: MERGE_MESSAGES.keptAmongMerged });
    else if (new Set(input.mergeIds).size !== input.mergeIds.length) ctx.addIssue({ code: 'custom', path: ['mergeIds'], message: MERGE_MESSAGES.repeated });
  });
export type PromptMergeInput = z.infer<typeof promptMergeInputSchema>;

export const promptMergeResultSchema = z.object({
  keptId: z.string(),
  /** The prompts merged into it, now in the trash. */
  merged: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type PromptMergeResult = z.infer<typeof promptMergeResultSchema>;

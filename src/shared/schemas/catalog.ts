import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants';

export const aiModelInputSchema = z.object({
  model: z
    .string({ error: 'AI application name is required' })
    .trim()
    .min(1, 'AI application name is required')
    .max(MAX_TEXT_LENGTH, `Must be at most ${MAX_TEXT_LENGTH} characters`),
});

export const filterValueSchema = z.object({ value: z.string(), count: z.number() });
export type FilterValue = z.infer<typeof filterValueSchema>;

export const filterCountsSchema = z.object({
  businessUnits: z.array(filterValueSchema),
  aiModels: z.array(filterValueSchema),
  tags: z.array(filterValueSchema),
});
export type FilterCounts = z.infer<typeof filterCountsSchema>;

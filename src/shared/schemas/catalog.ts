import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants';
import { homeUrlProblem, launchUrlProblem } from '../launch-url';
import { promptListQuerySchema } from './prompts';

export const aiModelInputSchema = z.object({
  model: z
    .string({ error: 'AI application name is required' })
    .trim()
    .min(1, 'AI application name is required')
    .max(MAX_TEXT_LENGTH, `Must be at most ${MAX_TEXT_LENGTH} characters`),
});

/**
 * An AI application of the catalog. `launchUrl` opens it with a prompt already typed ("Open in …");
 * `homeUrl` opens it without one, the text being copied first ("Copy & open"). Null when not set.
 */
export const aiModelSchema = z.object({ id: z.string(), name: z.string(), launchUrl: z.string().nullable(), homeUrl: z.string().nullable() });
export type AiModel = z.infer<typeof aiModelSchema>;

/** An application as the admin screen lists it: with how many prompts name it. */
export const adminAiModelSchema = aiModelSchema.extend({ prompts: z.number().int() });
export type AdminAiModel = z.infer<typeof adminAiModelSchema>;

/** An optional https address checked by `problemOf`: blank means none (null), left out means unchanged. */
const optionalAddress = (label: string, problemOf: (value: string) => string | null) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(2_000, `${label} must be at most 2000 characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null))
    .superRefine((v, ctx) => {
      const problem = v ? problemOf(v) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** An admin's new AI application: its name, and optionally its launch and home URLs. */
export const aiModelCreateSchema = z.object({
  name: aiModelInputSchema.shape.model,
  launchUrl: optionalAddress('Launch URL', launchUrlProblem),
  homeUrl: optionalAddress('Home URL', homeUrlProblem),
});
export type AiModelCreate = z.output<typeof aiModelCreateSchema>;

/**
 * An admin's change to an AI application: its name (carried to every prompt that names it), and its
 * launch and home URLs (blank or null for none; left out to keep them).
 */
export const aiModelUpdateSchema = aiModelCreateSchema;
export type AiModelUpdate = z.output<typeof aiModelUpdateSchema>;

/** Merging an application into another: every prompt that names it names the other instead. */
export const aiModelMergeSchema = z.object({
  into: z.uuid({ error: 'Choose the AI application to merge into' }),
});

/** What a delete or merge did: the prompts it changed, and the application they now name. */
export const aiModelChangeResultSchema = z.object({ prompts: z.number().int(), into: aiModelSchema.nullable() });
export type AiModelChangeResult = z.infer<typeof aiModelChangeResultSchema>;

/** The three sidebar filter groups, named as the list's query parameters. */
export const FILTER_GROUPS = ['businessUnits', 'aiModels', 'tags'] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];

/** How many values of each group the counts call returns at most, besides the selected ones. */
export const FILTER_TOP_DEFAULT = 50;
export const FILTER_TOP_MAX = 200;
/** Counts read at most this many matching prompts; beyond it they are marked approximate. */
export const FACET_COUNT_CAP = 10_000;

const topLimit = z.coerce
  .number({ error: 'Limit must be a number' })
  .int('Limit must be a whole number')
  .min(1, 'Limit must be at least 1')
  .max(FILTER_TOP_MAX, `Limit must be at most ${FILTER_TOP_MAX}`)
  .default(FILTER_TOP_DEFAULT);

/**
 * The list a filter panel describes: the same search and filters as GET /api/prompts, and which list
 * (everyone's prompts, or the caller's own).
 */
export const filterScopeQuerySchema = promptListQuerySchema
  .pick({ search: true, businessUnits: true, aiModels: true, tags: true, visibility: true, ownership: true, collection: true, status: true, verified: true })
  .extend({
    scope: z.enum(['all', 'my'], { error: 'Scope must be all or my' }).default('all'),
  });
export type FilterScopeQuery = z.output<typeof filterScopeQuerySchema>;

export const filterCountsQuerySchema = filterScopeQuerySchema.extend({ limit: topLimit });
export type FilterCountsQuery = z.output<typeof filterCountsQuerySchema>;

export const filterValuesQuerySchema = filterScopeQuerySchema.extend({
  group: z.enum(FILTER_GROUPS, { error: 'Group must be businessUnits, aiModels or tags' }),
  q: z
    .string()
    .max(MAX_TEXT_LENGTH, `Search must be at most ${MAX_TEXT_LENGTH} characters`)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  limit: topLimit,
});
export type FilterValuesQuery = z.output<typeof filterValuesQuerySchema>;

export const filterValueSchema = z.object({ value: z.string(), count: z.number() });
export type FilterValue = z.infer<typeof filterValueSchema>;

const groupNumbers = z.object({ businessUnits: z.number(), aiModels: z.number(), tags: z.number() });

/**
 * Each group's most used values (by count, then name) plus every selected value, whatever its count.
 * A value's count reflects the search and the other groups' filters, not its own group's.
 */
export const filterCountsSchema = z.object({
  businessUnits: z.array(filterValueSchema),
  aiModels: z.array(filterValueSchema),
  tags: z.array(filterValueSchema),
  /** How many values each group has in all; more than listed means the rest are found through GET /api/filter/values. */
  totals: groupNumbers,
  /** The matches were too many to count whole: counts come from the first FACET_COUNT_CAP of them. */
  approximate: z.boolean(),
});
export type FilterCounts = z.infer<typeof filterCountsSchema>;

export const filterValuesSchema = z.object({
  values: z.array(filterValueSchema),
  /** How many values match the text in all (more than listed when the limit cut them). */
  total: z.number(),
  approximate: z.boolean(),
});
export type FilterValues = z.infer<typeof filterValuesSchema>;

import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants';
import { listLimitSchema } from './common';

/** Where the near-copy cluster job stands, and when it last finished. */
export const clusterJobSchema = z.object({
  state: z.enum(['idle', 'running']),
  processed: z.number(),
  total: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ClusterJob = z.infer<typeof clusterJobSchema>;

/** The window of the use counts: the last this many days (UTC), and the same before it for growth. */
export const HEALTH_WINDOW_DAYS = 30;
/** Unused: no use for this many days (the default; `days` changes it). */
export const UNUSED_DAYS = 90;
/** Orphaned: the owner has not signed in for this many days (the default; `days` changes it). */
export const INACTIVE_OWNER_DAYS = 180;

export const HEALTH_MESSAGES = {
  denied: 'Only administrators and curators can see the library’s health',
  /** Followed by the units the curator looks after. */
  notYourUnit: 'You look after the health of these units only: ',
} as const;

export const healthQuerySchema = z.object({
  /** A business unit's name: only what concerns its prompts. */
  unit: z.string().trim().max(MAX_TEXT_LENGTH, `unit must be at most ${MAX_TEXT_LENGTH} characters`).optional(),
  cursor: z.string().max(500, 'Invalid cursor').optional(),
  limit: listLimitSchema.default(20),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
export type HealthQuery = z.infer<typeof healthQuerySchema>;

export const duplicateClusterSchema = z.object({
  id: z.string(),
  size: z.number(),
  /** The likeness of its closest pair, 0 to 1. */
  topSimilarity: z.number(),
  prompts: z.array(z.object({ id: z.string(), title: z.string(), ownerName: z.string(), businessUnit: z.string(), updatedAt: z.string() })),
});
export type DuplicateCluster = z.infer<typeof duplicateClusterSchema>;

export const duplicateClusterPageSchema = z.object({
  items: z.array(duplicateClusterSchema),
  nextCursor: z.string().nullable(),
  job: clusterJobSchema,
});
export type DuplicateClusterPage = z.infer<typeof duplicateClusterPageSchema>;

const daysSchema = (fallback: number) =>
  z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(3650, 'days must be at most 3650')
    .default(fallback);

export const unusedQuerySchema = healthQuerySchema.extend({ days: daysSchema(UNUSED_DAYS) });
export type UnusedQuery = z.infer<typeof unusedQuerySchema>;
export const orphanedQuerySchema = healthQuerySchema.extend({ days: daysSchema(INACTIVE_OWNER_DAYS) });
export type OrphanedQuery = z.infer<typeof orphanedQuerySchema>;
export const topQuerySchema = healthQuerySchema.extend({
  /** `uses`: most used in the window; `growth`: most uses gained over the window before it. */
  by: z.enum(['uses', 'growth'], { error: 'by must be uses or growth' }).default('uses'),
});
export type TopQuery = z.infer<typeof topQuerySchema>;

const page = <T extends z.ZodTypeAny>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const unitHealthSchema = z.object({ name: z.string(), prompts: z.number(), authors: z.number(), uses: z.number() });
export type UnitHealth = z.infer<typeof unitHealthSchema>;
export const unitHealthPageSchema = page(unitHealthSchema);
export type UnitHealthPage = z.infer<typeof unitHealthPageSchema>;

const healthPrompt = { id: z.string(), title: z.string(), ownerName: z.string(), businessUnit: z.string() };

export const unusedPromptSchema = z.object({ ...healthPrompt, createdAt: z.string(), lastUsedAt: z.string().nullable(), useCount: z.number() });
export type UnusedPrompt = z.infer<typeof unusedPromptSchema>;
export const unusedPageSchema = page(unusedPromptSchema);
export type UnusedPage = z.infer<typeof unusedPageSchema>;

export const orphanedPromptSchema = z.object({
  ...healthPrompt,
  /** `transferred`: given to its owner when the account that owned it was deleted; `inactive`: its owner has been away. */
  reason: z.enum(['transferred', 'inactive']),
  /** When it was handed over, or when its owner last signed in. */
  since: z.string(),
  /** The deleted account's name (transferred only). */
  fromName: z.string().nullable(),
});
export type OrphanedPrompt = z.infer<typeof orphanedPromptSchema>;
export const orphanedPageSchema = page(orphanedPromptSchema);
export type OrphanedPage = z.infer<typeof orphanedPageSchema>;

export const topPromptSchema = z.object({ ...healthPrompt, uses: z.number(), previousUses: z.number(), growth: z.number() });
export type TopPrompt = z.infer<typeof topPromptSchema>;
export const topPageSchema = page(topPromptSchema);
export type TopPage = z.infer<typeof topPageSchema>;

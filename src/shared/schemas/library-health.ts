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

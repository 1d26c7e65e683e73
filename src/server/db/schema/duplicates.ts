import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { prompts } from './prompts';

/** The one row of the near-copy cluster job: where it stands (migration 0031). */
export const duplicateClusterJob = pgTable(
  'duplicate_cluster_job',
  {
    id: integer('id').primaryKey().default(1),
    runId: uuid('run_id'),
    state: text('state', { enum: ['idle', 'running'] })
      .notNull()
      .default('idle'),
    /** The last prompt id walked by the running job. */
    cursor: uuid('cursor'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [check('duplicate_cluster_job_one_row', sql`${t.id} = 1`), check('duplicate_cluster_job_state', sql`${t.state} in ('idle', 'running')`)],
);

/** Pairs of near-copies found by the running job (a < b). */
export const duplicatePairs = pgTable(
  'duplicate_pairs',
  {
    a: uuid('a').notNull(),
    b: uuid('b').notNull(),
    similarity: real('similarity').notNull(),
  },
  (t) => [primaryKey({ name: 'duplicate_pairs_pk', columns: [t.a, t.b] })],
);

/** Groups of near-copies, as the last finished job found them. */
export const duplicateClusters = pgTable(
  'duplicate_clusters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    size: integer('size').notNull(),
    topSimilarity: real('top_similarity').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('duplicate_clusters_order_idx').on(t.size.desc(), t.topSimilarity.desc(), t.id)],
);

export const duplicateClusterMembers = pgTable(
  'duplicate_cluster_members',
  {
    clusterId: uuid('cluster_id')
      .notNull()
      .references(() => duplicateClusters.id, { onDelete: 'cascade' }),
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'duplicate_cluster_members_pk', columns: [t.clusterId, t.promptId] }),
    index('duplicate_cluster_members_prompt_idx').on(t.promptId),
  ],
);

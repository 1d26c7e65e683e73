import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { onPromptsChanged } from './prompt-derived-cache';

/** Rows in `prompts` as of its last ANALYZE; -1 if it was never analysed. */
async function analysedRows(db: Database): Promise<number> {
  const [row] = await queryRows(db, sql`select reltuples::float8 as n from pg_class where oid = 'prompts'::regclass`);
  return Number(row?.n ?? -1);
}

/**
 * PGlite runs no autovacuum, so nothing would ever ANALYZE the embedded database: the planner would
 * plan blind, and the estimate that picks how a filtered list is read (prompt-query/query.plan.ts) would
 * never exist. This does autovacuum's analyse part for the prompts table (and prompt_filter_keys, which
 * has a row per prompt and changes with it), with its default rule:
 * at start if the table was never analysed, then again once 50 + 10% of its rows have been written
 * (counted as prompt writes, each at least one row). ANALYZE reads a sample of 30,000 rows at most,
 * so it stays short however large the table grows. Returns the function that stops it.
 */
export function keepEmbeddedStatistics(db: Database, onError: (err: unknown) => void = () => {}): { stop(): void; idle(): Promise<void> } {
  let writes = 0;
  let threshold = 50;
  let running: Promise<void> | null = null;

  /** Runs `task` in the background, one at a time; `idle()` waits for it. */
  const background = (task: () => Promise<void>) => {
    running = task()
      .catch(onError)
      .finally(() => (running = null));
  };
  const analyze = async () => {
    await db.execute(sql`analyze prompts, prompt_filter_keys`);
    threshold = 50 + 0.1 * Math.max(0, await analysedRows(db));
  };

  const stop = onPromptsChanged((changed) => {
    if (changed !== db) return;
    if (++writes < threshold || running) return;
    writes = 0;
    background(analyze);
  });
  background(async () => {
    if ((await analysedRows(db)) < 0) await analyze();
  });

  return {
    stop,
    /** Resolves when no ANALYZE is running (for shutdown and tests). */
    async idle() {
      while (running) await running;
    },
  };
}

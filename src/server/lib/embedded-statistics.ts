import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { onPromptsChanged } from './prompt-derived-cache';

/**
 * PGlite runs no autovacuum, so nothing would ever ANALYZE the embedded database: the planner would
 * plan blind, and the estimate that picks how a filtered list is read (prompts.match-set.ts) would
 * never exist. This does autovacuum's analyse part for the prompts table, with its default rule:
 * at start if the table was never analysed, then again once 50 + 10% of its rows have been written
 * (counted as prompt writes, each at least one row). ANALYZE reads a sample of 30,000 rows at most,
 * so it stays short however large the table grows. Returns the function that stops it.
 */
export function keepEmbeddedStatistics(db: Database, onError: (err: unknown) => void = () => {}): { stop(): void; idle(): Promise<void> } {
  let writes = 0;
  let threshold = 50;
  let running: Promise<void> | null = null;

  const analyze = () => {
    writes = 0;
    running = (async () => {
      try {
        await db.execute(sql`analyze prompts`);
        const [row] = await queryRows(db, sql`select reltuples::float8 as n from pg_class where oid = 'prompts'::regclass`);
        threshold = 50 + 0.1 * Math.max(0, Number(row?.n ?? 0));
      } catch (err) {
        onError(err);
      } finally {
        running = null;
      }
    })();
  };

  const stop = onPromptsChanged((changed) => {
    if (changed !== db) return;
    writes++;
    if (writes >= threshold && !running) analyze();
  });
  running = (async () => {
    try {
      const [row] = await queryRows(db, sql`select reltuples::float8 as n from pg_class where oid = 'prompts'::regclass`);
      running = null;
      if (Number(row?.n ?? -1) < 0) analyze();
    } catch (err) {
      running = null;
      onError(err);
    }
  })();

  return {
    stop,
    /** Resolves when no ANALYZE is running (for shutdown and tests). */
    async idle() {
      while (running) await running;
    },
  };
}

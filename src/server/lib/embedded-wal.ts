import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { checkpointUnlessBackingUp } from './embedded-backup';

/** Write-ahead log since the last checkpoint beyond which the embedded database takes one. */
export const EMBEDDED_WAL_LIMIT_BYTES = 128 * 1024 * 1024;
const CHECK_EVERY_MS = 5 * 60_000;

/** Bytes of write-ahead log since the last checkpoint: what opening the folder after a crash replays. */
export async function walSinceCheckpoint(db: Database): Promise<number> {
  const [row] = await queryRows(db, sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), (select redo_lsn from pg_control_checkpoint()))::float8 as bytes`);
  return Number(row!.bytes);
}

/**
 * One check: a CHECKPOINT when more than `limitBytes` of log were written since the last one, unless a
 * backup is running. Resolves whether one was taken.
 */
export async function checkpointIfWalExceeds(db: Database, limitBytes = EMBEDDED_WAL_LIMIT_BYTES): Promise<boolean> {
  if ((await walSinceCheckpoint(db)) <= limitBytes) return false;
  return checkpointUnlessBackingUp(db);
}

/**
 * PGlite runs PostgreSQL without its background processes, so nothing takes a checkpoint by itself
 * (max_wal_size and checkpoint_timeout are never acted upon): pg_wal grew with every write (about
 * 10 KB per new prompt, a gigabyte an hour at 30 a second) until the server stopped, and opening the
 * folder after a crash would replay all of it. Every five minutes this takes a checkpoint once 128 MB
 * have been written since the last one, as PostgreSQL's checkpointer does at max_wal_size; the older
 * segments are then recycled. A checkpoint holds the database for as long as it writes the changed
 * pages out (100 to 200 ms measured), about once per 13,000 new prompts.
 */
export function keepEmbeddedWalBounded(db: Database, onError: (err: unknown) => void = () => {}): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= checkpointIfWalExceeds(db)
      .catch(onError)
      .finally(() => (running = null));
  }, CHECK_EVERY_MS);
  timer.unref();
  return {
    /** Stops the checks and waits for one in progress (before the database closes). */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { publishInvalidation } from './cache-sync';

const allCaches = new Set<PromptDerivedCache<unknown>>();

/**
 * How many prompt writes each database has seen in this process. A value read before a write must not
 * be kept after it: whoever computes one reads the generation first and stores the value only if the
 * generation is still the same (see `PromptDerivedCache.set`).
 */
const generations = new WeakMap<Database, number>();

/** The current prompt-write generation of `db` (read it before computing a value to cache). */
export function promptsGeneration(db: Database): number {
  return generations.get(db) ?? 0;
}

/**
 * Values derived from the prompts table (sidebar counts, list totals) that cost more to compute than
 * to keep. They are kept per database for a short while and dropped by `afterPromptWrite` on every
 * prompt write in this process; the lifetime bounds how stale they can be when several processes
 * share one PostgreSQL server.
 */
export class PromptDerivedCache<V> {
  private readonly byDatabase = new WeakMap<Database, Map<string, { until: number; value: Promise<V> }>>();

  /**
   * `keptOnWrites`: for values that prompt writes do not change at once (PostgreSQL's statistics,
   * which move only when the table is analysed), so that every write does not make them read again.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
    keptOnWrites = false,
  ) {
    if (!keptOnWrites) allCaches.add(this as PromptDerivedCache<unknown>);
  }

  /** The generation to pass to `set` for a value about to be computed. */
  generation(db: Database): number {
    return promptsGeneration(db);
  }

  /** The cached value, if still fresh. */
  peek(db: Database, key: string): Promise<V> | undefined {
    const entry = this.byDatabase.get(db)?.get(key);
    return entry && entry.until > Date.now() ? entry.value : undefined;
  }

  /**
   * Keeps `value`, computed from what the database held at generation `since` (read before the
   * computation began). A prompt write since then makes it stale from birth, so it is not kept.
   */
  set(db: Database, key: string, value: Promise<V>, since: number): void {
    if (since !== promptsGeneration(db)) return;
    let entries = this.byDatabase.get(db);
    if (!entries) this.byDatabase.set(db, (entries = new Map()));
    if (entries.size >= this.maxEntries) entries.clear();
    const entry = { until: Date.now() + this.ttlMs, value };
    entries.set(key, entry);
    const map = entries;
    // A failed computation is not remembered.
    value.catch(() => {
      if (map.get(key) === entry) map.delete(key);
    });
  }

  /**
   * The cached value, or `compute()`'s, which is kept at once so that concurrent callers share it.
   * A write while it runs drops it (the entry is cleared), so it never outlives the write.
   */
  get(db: Database, key: string, compute: () => Promise<V>): Promise<V> {
    const cached = this.peek(db, key);
    if (cached) return cached;
    const since = promptsGeneration(db);
    const value = compute();
    this.set(db, key, value, since);
    return value;
  }

  clear(db: Database): void {
    this.byDatabase.delete(db);
  }
}

const changeListeners = new Set<(db: Database) => void>();

/** Calls `listener` after every prompt write; returns the function that stops it. */
export function onPromptsChanged(listener: (db: Database) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * The one way derived prompt values are invalidated: call it with the root database once the write
 * (its whole transaction) has committed, after any write that changes prompts or the names and units
 * they show. Called earlier, a reader could still compute from the old rows and keep the result;
 * called with a transaction object, it would drop nothing, as the caches are keyed by the root database.
 * Other instances sharing the database are told through PostgreSQL NOTIFY (cache-sync.ts).
 */
export function afterPromptWrite(db: Database): void {
  if (is(db, PgTransaction)) throw new Error('afterPromptWrite needs the root database, after the transaction has committed');
  dropPromptCaches(db);
  publishInvalidation('prompts');
}

/** This process's part of `afterPromptWrite`; also run when another instance reports a write. */
export function dropPromptCaches(db: Database): void {
  generations.set(db, promptsGeneration(db) + 1);
  for (const cache of allCaches) cache.clear(db);
  for (const listener of changeListeners) listener(db);
}

/**
 * Runs `write` in a transaction on the root database `db`, then calls `afterPromptWrite` whether it
 * committed or failed (a failure while committing may still have committed; a spare invalidation
 * costs one recomputation).
 */
export function promptWriteTransaction<T>(db: Database, write: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(write).finally(() => afterPromptWrite(db));
}

/**
 * Per person, how many changes to their own view of the prompts (favourites, uses) this process has
 * seen. Values that show that view (list pages with `isFavorite`) are cached under a key that holds
 * it, so a change makes them unreachable at once; they expire soon after.
 */
const viewerGenerations = new Map<string, number>();

/** The key part of `userId`'s current view: put it in the cache key of anything that shows it. */
export function viewerGeneration(userId: string): number {
  return viewerGenerations.get(userId) ?? 0;
}

/**
 * The one way a person's cached view is invalidated: call it after their favourite or use has been
 * committed. Other instances are told through NOTIFY, as for prompt writes.
 */
export function afterViewerChange(userId: string): void {
  dropViewerCaches(userId);
  publishInvalidation('viewer', userId);
}

/** This process's part of `afterViewerChange`; also run when another instance reports a change. */
export function dropViewerCaches(userId: string): void {
  // One small counter per person who has changed their view in this process's life: people are few.
  viewerGenerations.set(userId, viewerGeneration(userId) + 1);
}

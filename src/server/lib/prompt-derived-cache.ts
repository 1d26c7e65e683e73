import type { Database } from '../db/client';

const allCaches = new Set<PromptDerivedCache<unknown>>();

/**
 * Values derived from the prompts table (sidebar counts, list totals) that cost more to compute than
 * to keep. They are kept per database for a short while and dropped by `promptsChanged` on every
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

  /** The cached value, if still fresh. */
  peek(db: Database, key: string): Promise<V> | undefined {
    const entry = this.byDatabase.get(db)?.get(key);
    return entry && entry.until > Date.now() ? entry.value : undefined;
  }

  set(db: Database, key: string, value: Promise<V>): void {
    let entries = this.byDatabase.get(db);
    if (!entries) this.byDatabase.set(db, (entries = new Map()));
    if (entries.size >= this.maxEntries) entries.clear();
    entries.set(key, { until: Date.now() + this.ttlMs, value });
    // A failed computation is not remembered.
    value.catch(() => entries.delete(key));
  }

  /** The cached value, or `compute()`'s, which is then kept. */
  get(db: Database, key: string, compute: () => Promise<V>): Promise<V> {
    const cached = this.peek(db, key);
    if (cached) return cached;
    const value = compute();
    this.set(db, key, value);
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

/** Called after every write that changes prompts (or the names they carry). */
export function promptsChanged(db: Database): void {
  for (const cache of allCaches) cache.clear(db);
  for (const listener of changeListeners) listener(db);
}

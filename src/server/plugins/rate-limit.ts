import type { FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { type Database, isPostgresServer, queryRows } from '../db/client';
import { AppError } from '../errors';

/**
 * How many times the per-key allowance one client address gets, summed over every account it tries.
 * Keys per (IP, account) stop guessing at one account; this wider per-IP key stops spraying many
 * accounts, while an office behind one NAT address can still sign in a roomful of people.
 */
export const PER_IP_MULTIPLIER = 10;

/** One counter to bump: its key and how many attempts a minute it allows. */
export interface AttemptKey {
  key: string;
  limit: number;
}

/** A counter's state: the count in its window and the ms left before the window ends. */
export interface AttemptCount {
  count: number;
  msLeft: number;
}

/**
 * Where attempts are counted. `bump` adds `by` (default 1) under each key, opening a window of
 * `windowMs` for a key that has none, and returns per key in order the count so far and ms left;
 * `peek` reads live counters without counting (undefined: no live window).
 */
export interface AttemptStore {
  bump(keys: string[], windowMs: number, by?: number): Promise<AttemptCount[]>;
  peek(keys: string[]): Promise<Array<AttemptCount | undefined>>;
}

/** One process's counters (the embedded database has one process). */
export class MemoryAttemptStore implements AttemptStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async bump(keys: string[], windowMs: number, by = 1) {
    const now = this.now();
    if (this.windows.size > 50_000) {
      for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    }
    return keys.map((key) => {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        this.windows.set(key, window);
      }
      window.count += by;
      return { count: window.count, msLeft: window.resetAt - now };
    });
  }

  async peek(keys: string[]) {
    const now = this.now();
    return keys.map((key) => {
      const window = this.windows.get(key);
      return window && window.resetAt > now ? { count: window.count, msLeft: window.resetAt - now } : undefined;
    });
  }
}

/**
 * Counters in the database (the unlogged `attempt_counters` table), so the limits hold across every
 * instance sharing it: one upsert per attempt for all its keys. Expired rows are swept now and then.
 */
export class DatabaseAttemptStore implements AttemptStore {
  private bumps = 0;

  constructor(private readonly db: Database) {}

  async bump(keys: string[], windowMs: number, by = 1) {
    if (++this.bumps % 500 === 0) await this.db.execute(sql`delete from attempt_counters where reset_at < now()`);
    const window = sql`make_interval(secs => ${windowMs / 1000})`;
    const rows = await queryRows(
      this.db,
      sql`insert into attempt_counters as c (key, count, reset_at)
          select k, ${by}::int, now() + ${window} from unnest(${keyArray(keys)}) as k
          on conflict (key) do update set
            count = case when c.reset_at <= now() then ${by}::int else c.count + ${by}::int end,
            reset_at = case when c.reset_at <= now() then now() + ${window} else c.reset_at end
          returning key, count, (extract(epoch from reset_at - now()) * 1000)::float8 as ms_left`,
    );
    const byKey = new Map(rows.map((r) => [String(r.key), { count: Number(r.count), msLeft: Number(r.ms_left) }]));
    return keys.map((k) => byKey.get(k) ?? { count: by, msLeft: windowMs });
  }

  async peek(keys: string[]) {
    const rows = await queryRows(
      this.db,
      sql`select key, count, (extract(epoch from reset_at - now()) * 1000)::float8 as ms_left
          from attempt_counters where key = any(${keyArray(keys)}) and reset_at > now()`,
    );
    const byKey = new Map(rows.map((r) => [String(r.key), { count: Number(r.count), msLeft: Number(r.ms_left) }]));
    return keys.map((k) => byKey.get(k));
  }
}

/** The keys as one text[] parameter list. */
const keyArray = (keys: string[]) =>
  sql`array[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;

const sharedStores = new WeakMap<Database, AttemptStore>();

/**
 * The one attempt store of a database, shared by every limiter of the app: on a PostgreSQL server
 * the table every instance counts in; on the embedded database (one process) counters in memory,
 * which must be one set, or a token's REST calls and its MCP batch calls would be counted apart.
 */
export function attemptStoreFor(db: Database): AttemptStore {
  let store = sharedStores.get(db);
  if (!store) {
    store = isPostgresServer(db) ? new DatabaseAttemptStore(db) : new MemoryAttemptStore();
    sharedStores.set(db, store);
  }
  return store;
}

/** The per-minute counter of one personal API token (REST and MCP calls together). */
export const tokenAttemptKey = (tokenId: string, perMinute: number): AttemptKey => ({ key: `token:${tokenId}`, limit: perMinute });

/**
 * Fixed one-minute windows. Never counted per email alone: then anyone could lock the real owner out
 * of an account by guessing wrongly from anywhere (the per-account ceilings of account-ceilings.ts
 * only slow an account down, and never an address it signed in from).
 */
export class AttemptLimiter {
  constructor(private readonly store: AttemptStore = new MemoryAttemptStore()) {}

  /**
   * Counts `attempts` (default one) under each key; throws a 429 with Retry-After when any key is
   * over its limit.
   */
  async hit(reply: FastifyReply, keys: AttemptKey[], tooMany = 'Too many attempts.', attempts = 1): Promise<void> {
    const unique = [...new Map(keys.map((k) => [k.key, k])).values()];
    const counts = await this.store.bump(
      unique.map((k) => k.key),
      60_000,
      attempts,
    );
    let retryAfterMs = 0;
    unique.forEach(({ limit }, i) => {
      const { count, msLeft } = counts[i]!;
      if (count > limit) retryAfterMs = Math.max(retryAfterMs, msLeft);
    });
    if (retryAfterMs > 0) {
      const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      reply.header('Retry-After', String(seconds));
      throw new AppError(429, 'rate_limited', `${tooMany} Please wait ${seconds} seconds and try again.`);
    }
  }
}

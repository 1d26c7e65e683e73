import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../lib/project-root';
import { ADVISORY_LOCKS } from './advisory-locks';
import { type PgConnection, pgConnection } from './connection-tls';
import { guardedClientClass } from './guarded-pg-client';
import * as schema from './schema';

/** One database type for both drivers (a union of the two breaks `.returning()` typing). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration in migrations/ (idempotent). */
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, the bootstrap admin) while holding a PostgreSQL advisory lock, so
   * instances starting together on one database take turns instead of racing (CREATE EXTENSION, the
   * first migration's tables, the admin insert). The embedded database has one process by its lock file.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** How long after the statement timeout a query still waiting for its answer is given up on. */
const GIVE_UP_GRACE_MS = 1_000;
/** How long ending a given-up backend may add before the call is answered anyway. */
const TERMINATE_WITHIN_MS = 1_000;

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'migrations');

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** PostgreSQL cancels a statement that runs longer (DB_STATEMENT_TIMEOUT_MS); default 10 s. */
      statementTimeoutMs?: number;
      /** How long to wait for a new connection before giving up; default 5 s. */
      connectTimeoutMs?: number;
      /**
       * PostgreSQL itself, when `url` is a connection pooler in transaction mode (DATABASE_DIRECT_URL):
       * the startup lock and migrations run here, and the sessions' settings are given to the role.
       */
      directUrl?: string;
      /** The PEM file of the CA that signs the server's certificate (DATABASE_CA_FILE); see connection-tls.ts. */
      caFile?: string;
    }
  /** `dir` undefined = in memory (tests). */
  | { kind: 'pglite'; dir?: string; loadDataDir?: Blob };

/**
 * What every session of ours runs with. JIT adds ~200 ms to large counts and buys nothing for our short
 * queries. Bitmap scans (counts, filtered lists) read scattered heap pages; letting PostgreSQL ask the
 * disk for 64 at once (instead of one by one) cut a cold count of 1,000 matches at 1M prompts from 96 to
 * 35 ms. statement_timeout makes the server cancel a runaway statement. No transaction of ours waits
 * between its statements for long, so one left idle beyond the time we give any call was abandoned (its
 * connection lost on the way): PostgreSQL ends it by itself.
 */
function sessionSettings(statementTimeoutMs: number): Array<[string, string]> {
  return [
    ['jit', 'off'],
    ['effective_io_concurrency', '64'],
    ['statement_timeout', String(Math.round(statementTimeoutMs))],
    ['idle_in_transaction_session_timeout', String(Math.round(statementTimeoutMs + GIVE_UP_GRACE_MS + TERMINATE_WITHIN_MS))],
  ];
}

/** node-postgres's connection string and TLS options for `url`. */
function pgConnectionOptions(url: string, caFile: string | undefined, setting: string): PgConnection['options'] {
  return pgConnection(url, caFile, setting).options;
}

/** Pools that reach PostgreSQL through a transaction pooler: no named prepared statements on them. */
const pooledPools = new WeakSet<pg.Pool>();

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const statementTimeoutMs = target.statementTimeoutMs ?? 10_000;
    const settings = sessionSettings(statementTimeoutMs);
    const startupOptions = settings.map(([name, value]) => `-c ${name}=${value}`).join(' ');
    const pooled = target.directUrl !== undefined;
    const pool = new pg.Pool({
      ...pgConnectionOptions(target.url, target.caFile, 'DATABASE_URL'),
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: target.connectTimeoutMs ?? 5_000,
      // A frozen server cancels nothing, so the client also stops waiting a little later, closes that
      // connection and ends its backend from another one: a call gets its answer within the statement
      // timeout + 2 s, and a write given up on is never committed afterwards (see guarded-pg-client.ts).
      Client: guardedClientClass({ giveUpAfterMs: statementTimeoutMs + GIVE_UP_GRACE_MS, terminateWithinMs: TERMINATE_WITHIN_MS, pooled }),
      // A pooler refuses startup options (and would hand our session settings to others): there the
      // role carries them (applySessionSettings).
      ...(pooled ? {} : { options: startupOptions }),
    });
    if (pooled) pooledPools.add(pool);
    // An idle client losing its connection must not crash the process (checked-out ones: the Client class).
    pool.on('error', () => {});
    // PostgreSQL itself, for what needs a session of its own: the startup lock, and migrations.
    const direct = pooled
      ? new pg.Pool({
          ...pgConnectionOptions(target.directUrl!, target.caFile, 'DATABASE_DIRECT_URL'),
          max: 2,
          connectionTimeoutMillis: 5_000,
          options: startupOptions,
        })
      : pool;
    direct.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(drizzlePg(direct), { migrationsFolder: MIGRATIONS_DIR });
        if (pooled) await applySessionSettings(direct, settings);
      },
      async withStartupLock(work) {
        // A session-level lock on a connection of its own, held for the whole of `work`.
        const client = await direct.connect();
        let unlockFailed: Error | undefined;
        try {
          await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.startup]);
          try {
            return await work();
          } finally {
            // Failing here means the connection is lost, and its session's lock with it: the work
            // itself is done, and its outcome is what counts.
            await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.startup]).catch((err: Error) => (unlockFailed = err));
          }
        } finally {
          // A connection that could not unlock is closed rather than reused (its lock goes with it).
          client.release(unlockFailed);
        }
      },
      close: async () => {
        await pool.end();
        if (direct !== pool) await direct.end();
      },
    };
  }
  if (target.dir) mkdirSync(target.dir, { recursive: true });
  const client = await PGlite.create(target.dir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    withStartupLock: (work) => work(),
    close: () => client.close(),
  };
}

const dialect = new PgDialect();

/**
 * A statement fragment without parameters, rendered to SQL text once so that hot paths can reuse it
 * instead of building it again on every request. Throws if the fragment has a parameter, which the
 * rendered text would silently lose.
 */
export function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length) throw new Error('renderedOnce: the fragment must not have parameters');
  return sql.raw(text);
}

/**
 * Runs a statement and returns its rows. With `prepare`, on PostgreSQL it becomes a named prepared
 * statement (parsed and planned once per connection, named after its text); use it only for
 * statements whose best plan does not depend on their parameter values. PGlite runs it as given.
 */
export async function queryRows(db: Database, statement: SQL, prepare = false): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  // A transaction pooler may run the next statement on another server connection, where the name is unknown.
  if (!prepare || !(client instanceof pg.Pool) || pooledPools.has(client))
    return ((await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  return (await client.query({ name, text, values: params })).rows;
}

/** Whether `db` talks to a PostgreSQL server (shared by instances), not the embedded database. */
export function isPostgresServer(db: Database): boolean {
  return (db as unknown as { $client: unknown }).$client instanceof pg.Pool;
}

/** Cheap probe used by /healthz: rejects when the database does not answer within `withinMs`. */
export async function pingDatabase(db: Database, withinMs = 1_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${withinMs} ms`)), withinMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** How many migrations the database has applied (drizzle's own bookkeeping table). */
export async function appliedMigrationCount(db: Database): Promise<number> {
  const rows = await queryRows(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rows[0]?.n ?? 0);
}

/** How many migrations this build ships (migrations/meta/_journal.json). */
export function shippedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Behind a pooler, the settings every session of ours needs are given to our role in this database
 * (`ALTER ROLE … IN DATABASE … SET`, which a role may do for itself): each server connection the pooler
 * opens for us starts with them, and none is set on a session a pooler would hand to someone else.
 */
async function applySessionSettings(direct: pg.Pool, settings: Array<[string, string]>): Promise<void> {
  const client = await direct.connect();
  try {
    const { rows } = await client.query<{ db: string }>('select current_database() as db');
    const database = client.escapeIdentifier(rows[0]!.db);
    for (const [name, value] of settings) {
      await client.query(`alter role current_user in database ${database} set ${name} = ${client.escapeLiteral(value)}`);
    }
  } finally {
    client.release();
  }
}

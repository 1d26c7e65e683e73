import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Database, type DatabaseTarget, queryRows } from '../src/server/db/client';
import { afterPromptWrite } from '../src/server/lib/prompt-derived-cache';
import type { RunStatement } from '../src/server/modules/prompt-query';

export interface PreparedDatabase {
  env: Record<string, string>;
  target: DatabaseTarget;
  cleanup(): Promise<void>;
}

/**
 * A fresh database (or, with `reuse`, a kept PostgreSQL database of that name) for one run. On PGlite,
 * `reuse` names a folder kept in the temporary directory: seeded on the first run (call `keep` once
 * seeded), then copied into each run's DATA_DIR, so every run starts from the same seeded state.
 */
export async function prepareDatabase(kind: 'pglite' | 'postgres', reuse?: string): Promise<PreparedDatabase & { keep(): void }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'apd-bench-'));
    const kept = reuse ? path.join(tmpdir(), `apd-bench-kept-${reuse}`) : undefined;
    if (kept && existsSync(kept)) cpSync(kept, path.join(dir, 'pglite'), { recursive: true });
    return {
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      target: { kind: 'pglite', dir: path.join(dir, 'pglite') },
      keep: () => void (kept && !existsSync(kept) && cpSync(path.join(dir, 'pglite'), kept, { recursive: true })),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = reuse ?? `apd_bench_${Date.now()}`;
  const run = async (q: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      return (await c.query(q, values)).rows;
    } finally {
      await c.end();
    }
  };
  if (!reuse || (await run('select 1 from pg_database where datname = $1', [name])).length === 0) await run(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    keep: () => {},
    // Seeding a million prompts runs statements of minutes (filling the derived tables, building indexes).
    target: { kind: 'postgres', url: url.toString(), statementTimeoutMs: 30 * 60_000 },
    cleanup: async () => {
      if (!reuse) await run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A TCP port free on 127.0.0.1 at this moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const dialect = new PgDialect();

/**
 * Calls `request` once to warm up, then again with a RunStatement that first runs EXPLAIN ANALYZE on
 * each statement; returns the median over 5 calls of each statement's planning + execution time.
 * Cached totals are dropped before every call, so the figure includes the count. `rewrite`, when given,
 * changes each statement's text before it is explained (the answer is still read with the real one).
 */
export async function explainedRun(db: Database, request: (run: RunStatement) => Promise<unknown>, rewrite = (text: string) => text): Promise<string> {
  const calls: number[][] = [];
  for (let i = 0; i < 6; i++) {
    const times: number[] = [];
    const run: RunStatement = async (database, statement, prepare) => {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      const [row] = (
        await (database as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> } }).$client.query(
          `explain (analyze, format json) ${rewrite(text)}`,
          params,
        )
      ).rows as Array<Record<string, unknown>>;
      const raw = row!['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ 'Planning Time': number; 'Execution Time': number }>;
      times.push(plan[0]!['Planning Time'] + plan[0]!['Execution Time']);
      return queryRows(database, statement, prepare);
    };
    afterPromptWrite(db);
    await request(run);
    if (i > 0) calls.push(times);
  }
  const statements = calls[0]!.length;
  return Array.from({ length: statements }, (_, s) => {
    const sorted = calls.map((c) => c[s]!).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!.toFixed(1);
  }).join(' + ');
}

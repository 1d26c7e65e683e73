import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './db/client';
import { testDatabaseKind } from './test/test-database';

// Process-level behaviour of `npm start`'s server; it does not depend on the engine, so it runs once.
const describeOnce = testDatabaseKind() === 'pglite' ? describe : describe.skip;

const dataDir = mkdtempSync(path.join(tmpdir(), 'apd-main-'));
const children: ChildProcess[] = [];

function start(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, timeoutMs = 40_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // Not listening yet: poll again.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describeOnce('the server process', () => {
  it('starts on the embedded database, refuses a second process on the same DATA_DIR, and stops cleanly', async () => {
    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const first = start(port);
    await waitForHealth(port);
    expect(first.output()).toContain('The first account becomes the administrator');
    expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(true);

    const second = start(port + 1);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already using DATA_DIR');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(false);

    // With no autovacuum in the embedded database, the server analysed the new prompts table itself
    // (reltuples is -1 until a table is first analysed).
    const handle = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
    try {
      const [row] = await queryRows(handle.db, sql`select reltuples::float8 as n from pg_class where oid = 'prompts'::regclass`);
      expect(Number(row!.n)).toBe(0);
    } finally {
      await handle.close();
    }
  }, 90_000);
});

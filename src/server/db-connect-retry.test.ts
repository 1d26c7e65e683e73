import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TcpProxy } from './test/tcp-proxy';
import { buildIfNeeded, freePort, freshStorage, type ServerStorage, type StartedProcess, startProcess, waitForHealth } from './test/server-process';
import { testDatabaseKind } from './test/test-database';

// The built server started while PostgreSQL cannot be reached: it retries for DB_CONNECT_RETRY_S,
// one line per attempt, then either starts (PostgreSQL came up) or exits 1 with one line naming the
// cause. PostgreSQL only (the embedded database is always there).
const describePostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;

const processes: StartedProcess[] = [];
const start = (storage: ServerStorage, env: Record<string, string>) =>
  freePort().then((port) => {
    const started = startProcess([process.execPath, 'dist/server/main.js'], storage, port, env);
    processes.push(started);
    return started;
  });

describePostgres('starting while PostgreSQL is unreachable', () => {
  beforeAll(() => buildIfNeeded(), 240_000);
  afterAll(async () => {
    for (const p of processes) {
      if (p.child.exitCode !== null) continue;
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });

  it('retries for DB_CONNECT_RETRY_S, then exits 1 with one line naming the server and the cause, never the password', async () => {
    const closedPort = await freePort();
    const storage: ServerStorage = {
      env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'apd-retry-')), DATABASE_URL: `postgresql://app:s3cret-pw@127.0.0.1:${closedPort}/prompts` },
      dataDir: '',
      drop: async () => {},
    };
    const startedAt = Date.now();
    const server = await start(storage, { DB_CONNECT_RETRY_S: '2' });
    const { code } = await server.exited;
    const seconds = (Date.now() - startedAt) / 1000;

    expect(code).toBe(1);
    expect(seconds).toBeGreaterThanOrEqual(2);
    expect(seconds).toBeLessThan(10);
    const lines = server.output().trim().split('\n');
    const attempts = lines.filter((l) => l.startsWith(`PostgreSQL at 127.0.0.1:${closedPort} is not reachable (ECONNREFUSED); attempt `));
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => !attempts.includes(l))).toEqual([
      `Cannot reach PostgreSQL at 127.0.0.1:${closedPort} (ECONNREFUSED) after 2 s (DB_CONNECT_RETRY_S): check DATABASE_URL`,
    ]);
    expect(server.output()).not.toContain('s3cret-pw');
  }, 30_000);

  it('starts once PostgreSQL comes up within the retry window', async () => {
    const storage = await freshStorage();
    const direct = new URL(storage.env.DATABASE_URL!);
    const proxy = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.port = String(await proxy.listen());
    try {
      // The relay accepts connections and closes them at once, as a server that is still starting.
      proxy.cut();
      const server = await start({ ...storage, env: { ...storage.env, DATABASE_URL: proxied.toString() } }, { DB_CONNECT_RETRY_S: '30' });
      const until = Date.now() + 20_000;
      while (!/attempt 2 failed/.test(server.output()) && Date.now() < until && server.child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
      expect(server.output()).toMatch(/is not reachable \((connection closed before PostgreSQL answered|ECONNRESET)\); attempt 2 failed/);
      proxy.restore();
      await waitForHealth(server.url, 30_000);
      expect(server.child.exitCode).toBeNull();
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    } finally {
      await proxy.close();
      await storage.drop();
    }
  }, 60_000);
});

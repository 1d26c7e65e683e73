import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import {
  buildIfNeeded,
  freePort,
  freshStorage,
  httpRequest,
  isAlive,
  type ServerStorage,
  type StartedProcess,
  startProcess,
  waitForHealth,
} from './test/server-process';
import { testDatabaseKind } from './test/test-database';

const describePostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;
const storages: ServerStorage[] = [];
const started: StartedProcess[] = [];
afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  for (const s of storages) await s.drop();
});

const workerPids = (output: string) => [...new Set([...output.matchAll(/"pid":(\d+)[^\n]*Server listening/g)].map((m) => Number(m[1])))];

describe('WORKERS', () => {
  it('must stay 1 on the embedded database, and says why', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: must be 1 with the embedded database.*set DATABASE_URL/);
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgresql://x@127.0.0.1/db' }).workers).toBe(2);
    expect(loadConfig({ WORKERS: 'auto', DATABASE_URL: 'postgresql://x@127.0.0.1/db' }).workers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ WORKERS: 'many', DATABASE_URL: 'postgresql://x@127.0.0.1/db' })).toThrow(/WORKERS/);
  });
});

describePostgres('WORKERS=2 on PostgreSQL', () => {
  it('serves from two processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    buildIfNeeded();
    const storage = await freshStorage();
    storages.push(storage);
    const server = startProcess([process.execPath, 'dist/server/main.js'], storage, await freePort(), { WORKERS: '2' });
    started.push(server);
    await waitForHealth(server.url);
    const until = Date.now() + 30_000;
    while (workerPids(server.output()).length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const [first, second] = workerPids(server.output());
    expect(first).not.toBe(second);

    process.kill(first!, 'SIGKILL');
    while (workerPids(server.output()).length < 3 && Date.now() < until + 30_000) await new Promise((r) => setTimeout(r, 100));
    expect(workerPids(server.output())).toHaveLength(3);
    for (let i = 0; i < 10; i++) expect((await httpRequest(`${server.url}/healthz`)).status).toBe(200);

    process.kill(server.child.pid!, 'SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    for (const pid of workerPids(server.output())) expect(isAlive(pid)).toBe(false);
  }, 120_000);
});

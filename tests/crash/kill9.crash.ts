import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  freshStorage,
  httpRequest,
  type ServerStorage,
  type StartedProcess,
  startProcess,
  waitForHealth,
} from '../../src/server/test/server-process';

const CYCLES = 3;
const WRITERS = 4;
const ADMIN = { email: 'admin@example.com', password: 'a long enough secret' };

let storage: ServerStorage | undefined;
const started: StartedProcess[] = [];
afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await storage?.drop();
});

async function startServer(store: ServerStorage): Promise<StartedProcess> {
  const server = startProcess([process.execPath, 'dist/server/main.js'], store, await freePort());
  started.push(server);
  await waitForHealth(server.url);
  return server;
}

async function signIn(url: string, first: boolean): Promise<string> {
  const res = first
    ? await httpRequest(`${url}/api/register`, { method: 'POST', body: { ...ADMIN, firstName: 'Ada', lastName: 'Admin', businessUnit: 'Ops' } })
    : await httpRequest(`${url}/api/login`, { method: 'POST', body: ADMIN });
  return (JSON.parse(res.body) as { token: string }).token;
}

/** Writers create prompts until the server dies under them; only 201 answers count as acknowledged. */
async function writeUntilKilled(server: StartedProcess, token: string, cycle: number, acknowledged: string[]) {
  const writer = async (w: number) => {
    for (let n = 0; ; n++) {
      try {
        const res = await httpRequest(`${server.url}/api/prompts`, {
          method: 'POST',
          token,
          body: {
            title: `Crash ${cycle}-${w}-${n}`,
            content: `Written by writer ${w} in cycle ${cycle}. `.repeat(20),
            aiModels: ['ChatGPT'],
            tags: ['crash', `w${w}`],
          },
        });
        if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.body}`);
        acknowledged.push((JSON.parse(res.body) as { id: string }).id);
      } catch (err) {
        if (server.child.exitCode === null && server.child.signalCode === null && !(await isDead(server))) throw err;
        return;
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  await new Promise((r) => setTimeout(r, 1_500));
  process.kill(server.serverPid(), 'SIGKILL');
  await Promise.all(writers);
  expect((await server.exited).signal).toBe('SIGKILL');
}

async function isDead(server: StartedProcess): Promise<boolean> {
  await Promise.race([server.exited, new Promise((r) => setTimeout(r, 2_000))]);
  return server.child.signalCode !== null || server.child.exitCode !== null;
}

/** amcheck over every B-tree index (with all heap tuples looked up) and every table, and the derived rows. */
async function checkDatabase(store: ServerStorage) {
  const checks = [
    `create extension if not exists amcheck`,
    `select bt_index_check(c.oid, true) from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace where a.amname = 'btree' and n.nspname = 'public'`,
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace, lateral verify_heapam(c.oid) where c.relkind = 'r' and n.nspname = 'public'`,
    `select (select count(*) from prompts)::int as prompts, (select count(*) from prompt_filter_keys)::int as keys, (select count(*) from prompt_list_items)::int as items`,
  ];
  const results: Array<Record<string, unknown>[]> = [];
  if (store.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: store.env.DATABASE_URL });
    await client.connect();
    for (const q of checks) results.push((await client.query(q)).rows);
    await client.end();
  } else {
    const db = await PGlite.create(path.join(store.dataDir, 'pglite'), { extensions: { pg_trgm, amcheck } });
    for (const q of checks) results.push((await db.query<Record<string, unknown>>(q)).rows);
    await db.close();
  }
  expect(results[2]![0]).toEqual({ n: 0 });
  const counts = results[3]![0] as { prompts: number; keys: number; items: number };
  expect(counts.keys).toBe(counts.prompts);
  expect(counts.items).toBe(counts.prompts);
  return counts.prompts;
}

describe('kill -9 under write load', () => {
  it(`loses no acknowledged prompt over ${CYCLES} cycles, and the database checks clean`, async () => {
    storage = await freshStorage();
    const acknowledged: string[] = [];
    let server = await startServer(storage);
    let token = await signIn(server.url, true);
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const before = acknowledged.length;
      await writeUntilKilled(server, token, cycle, acknowledged);
      expect(acknowledged.length).toBeGreaterThan(before);
      server = await startServer(storage);
      token = await signIn(server.url, false);
      for (const id of acknowledged) {
        expect((await httpRequest(`${server.url}/api/prompts/${id}`, { token })).status, `cycle ${cycle}: ${id}`).toBe(200);
      }
    }
    process.kill(server.serverPid(), 'SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(await checkDatabase(storage)).toBeGreaterThanOrEqual(acknowledged.length);
  });
});

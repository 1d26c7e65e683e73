import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerStorage, StartedProcess } from './test/server-process';
import { testDatabaseKind } from './test/test-database';
import { call, FRESH_WITHIN_MS, json, msUntil, startTwoInstances, stopTwoInstances } from './test/two-instances';

// Two instances of the built server on one PostgreSQL database: what one writes, the other shows
// within 200 ms, although it caches list pages (1 s), totals (5 s), sidebar counts (30 s) and sessions (2 s).
const describePostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;

let storage: ServerStorage;
let a: StartedProcess;
let b: StartedProcess;
let admin: string;
const password = 'a long enough secret';

afterAll(() => stopTwoInstances({ storage, a, b }));

async function signUp(email: string): Promise<{ token: string; id: string }> {
  const res = await call(a, '/api/register', undefined, 'POST', { email, password, firstName: email.split('@')[0], lastName: 'Person', businessUnit: 'Ops' });
  const { token, user } = json<{ token: string; user: { id: string } }>(res);
  return { token, id: user.id };
}

const prompt = (title: string, tag: string) => ({ title, content: `${title} content`, aiModels: ['Claude'], tags: [tag] });

describePostgres('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    ({ storage, a, b } = await startTwoInstances());
    admin = (await signUp('admin@example.com')).token;
  }, 240_000);

  it('shows a new prompt in the other instance’s list page, search total and sidebar counts within 200 ms', async () => {
    await call(a, '/api/prompts', admin, 'POST', prompt('Zebra one', 'stripes'));
    // Warm every cache of instance B.
    expect(json<{ total: number }>(await call(b, '/api/prompts', admin)).total).toBe(1);
    expect(json<{ total: number }>(await call(b, '/api/prompts?search=zebra', admin)).total).toBe(1);
    expect(json<{ tags: Array<{ value: string }> }>(await call(b, '/api/filter/counts', admin)).tags.map((t) => t.value)).toEqual(['stripes']);

    expect((await call(a, '/api/prompts', admin, 'POST', prompt('Zebra two', 'savanna'))).status).toBe(201);
    const page = await msUntil(async () => json<{ items: unknown[] }>(await call(b, '/api/prompts', admin)).items.length === 2);
    const total = await msUntil(async () => json<{ total: number }>(await call(b, '/api/prompts?search=zebra', admin)).total === 2);
    const counts = await msUntil(async () => json<{ tags: Array<{ value: string }> }>(await call(b, '/api/filter/counts', admin)).tags.length === 2);
    expect({ page, total, counts }).toEqual({ page: expect.any(Number), total: expect.any(Number), counts: expect.any(Number) });
    expect(Math.max(page, total, counts)).toBeLessThan(FRESH_WITHIN_MS);
  });

  it('shows a favourite and a use made on one instance in the other’s list page within 200 ms', async () => {
    const created = json<{ id: string }>(await call(a, '/api/prompts', admin, 'POST', prompt('Starred', 'stars')));
    type Page = { items: Array<{ id: string; isFavorite: boolean; useCount: number }> };
    const mine = async () => json<Page>(await call(b, '/api/prompts?search=starred', admin)).items[0];
    expect(await mine()).toMatchObject({ isFavorite: false, useCount: 0 });
    expect((await call(a, `/api/prompts/${created.id}/favorite`, admin, 'PUT')).status).toBe(204);
    const starred = await msUntil(async () => (await mine())?.isFavorite === true);
    expect((await call(a, `/api/prompts/${created.id}/uses`, admin, 'POST', { kind: 'copy' })).status).toBe(204);
    const used = await msUntil(async () => (await mine())?.useCount === 1);
    expect(Math.max(starred, used)).toBeLessThan(FRESH_WITHIN_MS);
  });

  it('shows a prompt added to or moved in a collection on one instance in the other’s collection list and counts within 200 ms', async () => {
    const kit = json<{ id: string }>(await call(a, '/api/collections', admin, 'POST', { name: 'Kit' })).id;
    const ids: string[] = [];
    for (const title of ['Kit one', 'Kit two']) ids.push(json<{ id: string }>(await call(a, '/api/prompts', admin, 'POST', prompt(title, 'kit'))).id);
    expect((await call(a, `/api/collections/${kit}/items`, admin, 'POST', { promptId: ids[0] })).status).toBe(201);
    type Page = { items: Array<{ id: string }>; total: number };
    const listed = async () => json<Page>(await call(b, `/api/prompts?collection=${kit}`, admin));
    const counted = async () => json<{ tags: Array<{ count: number }> }>(await call(b, `/api/filter/counts?collection=${kit}`, admin)).tags[0]?.count;
    expect((await listed()).total).toBe(1);
    expect(await counted()).toBe(1);
    expect((await call(a, `/api/collections/${kit}/items`, admin, 'POST', { promptId: ids[1] })).status).toBe(201);
    const added = await msUntil(async () => (await listed()).total === 2);
    const counts = await msUntil(async () => (await counted()) === 2);
    expect((await call(a, `/api/collections/${kit}/items`, admin, 'PUT', { promptIds: [ids[1], ids[0]] })).status).toBe(200);
    const moved = await msUntil(async () => (await listed()).items[0]?.id === ids[1]);
    expect(Math.max(added, counts, moved)).toBeLessThan(FRESH_WITHIN_MS);
  });

  it('refuses a revoked token, a demoted member and a deleted member on the other instance at once (401/403, never 500)', async () => {
    const leaver = await signUp('leaver@example.com');
    expect((await call(b, '/api/user', leaver.token)).status).toBe(200);
    await call(a, '/api/logout', leaver.token, 'POST');
    expect(await msUntil(async () => (await call(b, '/api/user', leaver.token)).status === 401)).toBeLessThan(FRESH_WITHIN_MS);

    const editor = await signUp('editor@example.com');
    expect((await call(b, '/api/prompts', editor.token, 'POST', prompt('Before demotion', 'x'))).status).toBe(201);
    const profile = { email: 'editor@example.com', firstName: 'editor', lastName: 'Person', businessUnit: 'Ops', role: 'read' };
    expect((await call(a, `/api/admin/users/${editor.id}`, admin, 'PUT', profile)).status).toBe(200);
    const demoted = await msUntil(async () => (await call(b, '/api/prompts', editor.token, 'POST', prompt(`After ${Date.now()}`, 'x'))).status === 403);
    expect(demoted).toBeLessThan(FRESH_WITHIN_MS);

    const deleted = await signUp('deleted@example.com');
    expect((await call(b, '/api/user', deleted.token)).status).toBe(200);
    const statuses = new Set<number>();
    const hammering = (async () => {
      for (let i = 0; i < 40; i++) statuses.add((await call(b, '/api/prompts', deleted.token, 'POST', prompt(`Race ${i}`, 'r'))).status);
    })();
    expect((await call(a, `/api/admin/users/${deleted.id}`, admin, 'DELETE')).status).toBe(200);
    await hammering;
    expect([...statuses].filter((s) => s >= 500)).toEqual([]);
    expect(await msUntil(async () => (await call(b, '/api/user', deleted.token)).status === 401)).toBeLessThan(FRESH_WITHIN_MS);
  });

  it('counts sign-in attempts against one limit across instances', async () => {
    const guess = (server: StartedProcess) => call(server, '/api/login', undefined, 'POST', { email: 'admin@example.com', password: 'wrong guess' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await guess(a)).status, (await guess(b)).status);
    // AUTH_RATE_LIMIT is 10 a minute per (address, account): the eleventh attempt is refused wherever it lands.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('after losing its listening connection an instance drops its caches, listens again, and stays fresh', async () => {
    expect(json<{ total: number }>(await call(b, '/api/prompts?search=zebra', admin)).total).toBe(2);
    const client = new pg.Client({ connectionString: storage.env.DATABASE_URL });
    await client.connect();
    const listeners = async () =>
      (await client.query(`select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`)).rows as Array<{ pid: number }>;
    try {
      expect(await listeners()).toHaveLength(2);
      await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
      await new Promise((r) => setTimeout(r, 100));
      // Written while nobody listens: B cannot hear of it, so it must have dropped what it had cached.
      expect((await call(a, '/api/prompts', admin, 'POST', prompt('Zebra three', 'stripes'))).status).toBe(201);
      expect(json<{ total: number }>(await call(b, '/api/prompts?search=zebra', admin)).total).toBe(3);
      expect(await msUntil(async () => (await listeners()).length === 2, 10_000)).toBeLessThan(10_000);
    } finally {
      await client.end();
    }
    expect((await call(a, '/api/prompts', admin, 'POST', prompt('Zebra four', 'stripes'))).status).toBe(201);
    expect(await msUntil(async () => json<{ total: number }>(await call(b, '/api/prompts?search=zebra', admin)).total === 4)).toBeLessThan(FRESH_WITHIN_MS);
  }, 60_000);
});

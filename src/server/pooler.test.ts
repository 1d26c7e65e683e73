import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgbouncerInstalled, type RunningPgBouncer, startPgBouncer, throughPooler } from './test/pgbouncer';
import { buildIfNeeded, freePort, freshStorage, type ServerStorage, type StartedProcess, startProcess, waitForHealth } from './test/server-process';
import { testDatabaseKind } from './test/test-database';
import { call, FRESH_WITHIN_MS, json, msUntil } from './test/two-instances';

// Instances behind PgBouncer in transaction mode (DATABASE_URL) with PostgreSQL itself beside it
// (DATABASE_DIRECT_URL), as managed services offer them: they start together on an empty database, stay
// fresh within 200 ms of each other's writes, and their pooled sessions carry our settings.
const describePooler = testDatabaseKind() === 'postgres' && pgbouncerInstalled() ? describe : describe.skip;

let bouncer: RunningPgBouncer;
const storages: ServerStorage[] = [];
const started: StartedProcess[] = [];
const password = 'a long enough secret';
const prompt = (title: string) => ({ title, content: `${title} content`, aiModels: ['Claude'], tags: ['pooled'] });

afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(started.map((p) => p.exited));
  await bouncer?.stop();
  for (const s of storages) await s.drop();
});

async function pooledStorage(): Promise<ServerStorage> {
  const storage = await freshStorage();
  storages.push(storage);
  return throughPooler(storage, bouncer);
}

describePooler('instances behind PgBouncer in transaction mode', () => {
  beforeAll(async () => {
    buildIfNeeded();
    bouncer = await startPgBouncer(process.env.TEST_DATABASE_URL!);
  }, 240_000);

  it('start together on an empty database: migrations and the bootstrap admin take turns through the direct URL', async () => {
    const storage = await pooledStorage();
    const env = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: password };
    const ports = await Promise.all([0, 1, 2, 3].map(() => freePort()));
    const four = ports.map((port) => startProcess([process.execPath, 'dist/server/main.js'], storage, port, env));
    started.push(...four);
    const outcomes = await Promise.all(
      four.map((p) =>
        Promise.race([waitForHealth(p.url, 60_000).then(() => 'healthy'), p.exited.then(({ code }) => `exited ${code}: ${p.output().slice(-600)}`)]),
      ),
    );
    expect(outcomes).toEqual(['healthy', 'healthy', 'healthy', 'healthy']);
    const login = await call(four[0]!, '/api/login', undefined, 'POST', { email: env.ADMIN_EMAIL, password });
    const { token } = json<{ token: string }>(login);
    const users = json<Array<{ email: string; role: string }>>(await call(four[3]!, '/api/admin/users', token));
    expect(users.filter((u) => u.email === env.ADMIN_EMAIL)).toEqual([expect.objectContaining({ role: 'admin' })]);

    // Every pooled session starts with our settings, given to the role in this database.
    const pooled = new pg.Client({ connectionString: storage.env.DATABASE_URL });
    await pooled.connect();
    try {
      const show = async (name: string) => (await pooled.query<Record<string, string>>(`show ${name}`)).rows[0]![name];
      expect({ timeout: await show('statement_timeout'), jit: await show('jit') }).toEqual({ timeout: '10s', jit: 'off' });
    } finally {
      await pooled.end();
    }
    for (const p of four) p.child.kill('SIGTERM');
    for (const p of four) expect((await p.exited).code).toBe(0);
  }, 180_000);

  it('stay fresh within 200 ms of each other’s writes (totals, a revoked session, a demoted member), and after their listening connections are cut', async () => {
    const storage = await pooledStorage();
    const a = startProcess([process.execPath, 'dist/server/main.js'], storage, await freePort());
    const b = startProcess([process.execPath, 'dist/server/main.js'], storage, await freePort());
    started.push(a, b);
    await Promise.all([waitForHealth(a.url), waitForHealth(b.url)]);
    const signUp = async (email: string) => {
      const res = await call(a, '/api/register', undefined, 'POST', { email, password, firstName: 'Pat', lastName: 'Pooled', businessUnit: 'Ops' });
      const { token, user } = json<{ token: string; user: { id: string } }>(res);
      return { token, id: user.id };
    };
    const admin = (await signUp('admin@example.com')).token;

    expect((await call(a, '/api/prompts', admin, 'POST', prompt('Pooled one'))).status).toBe(201);
    expect(json<{ total: number }>(await call(b, '/api/prompts?search=pooled', admin)).total).toBe(1);
    expect((await call(a, '/api/prompts', admin, 'POST', prompt('Pooled two'))).status).toBe(201);
    const total = await msUntil(async () => json<{ total: number }>(await call(b, '/api/prompts?search=pooled', admin)).total === 2);

    const leaver = await signUp('leaver@example.com');
    expect((await call(b, '/api/user', leaver.token)).status).toBe(200);
    await call(a, '/api/logout', leaver.token, 'POST');
    const revoked = await msUntil(async () => (await call(b, '/api/user', leaver.token)).status === 401);

    const editor = await signUp('editor@example.com');
    expect((await call(b, '/api/prompts', editor.token, 'POST', prompt('Before demotion'))).status).toBe(201);
    const profile = { email: 'editor@example.com', firstName: 'Pat', lastName: 'Pooled', businessUnit: 'Ops', role: 'read' };
    expect((await call(a, `/api/admin/users/${editor.id}`, admin, 'PUT', profile)).status).toBe(200);
    const demoted = await msUntil(async () => (await call(b, '/api/prompts', editor.token, 'POST', prompt(`After ${Date.now()}`))).status === 403);

    expect({ total, revoked, demoted }).toEqual({ total: expect.any(Number), revoked: expect.any(Number), demoted: expect.any(Number) });
    expect(Math.max(total, revoked, demoted)).toBeLessThan(FRESH_WITHIN_MS);

    // The listening connections (direct) cut: as without a pooler, caches are dropped, and they listen again.
    let before = 0;
    const direct = new pg.Client({ connectionString: storage.env.DATABASE_DIRECT_URL });
    await direct.connect();
    const listeners = async () =>
      (await direct.query(`select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`)).rows.length;
    try {
      expect(await listeners()).toBe(2);
      before = json<{ total: number }>(await call(b, '/api/prompts?search=pooled', admin)).total;
      await direct.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
      await new Promise((r) => setTimeout(r, 100));
      expect((await call(a, '/api/prompts', admin, 'POST', prompt('Pooled three'))).status).toBe(201);
      // Written while nobody listens: B cannot hear of it, so it must have dropped what it had cached.
      expect(json<{ total: number }>(await call(b, '/api/prompts?search=pooled', admin)).total).toBe(before + 1);
      expect(await msUntil(async () => (await listeners()) === 2, 10_000)).toBeLessThan(10_000);
    } finally {
      await direct.end();
    }
    expect((await call(a, '/api/prompts', admin, 'POST', prompt('Pooled four'))).status).toBe(201);
    expect(await msUntil(async () => json<{ total: number }>(await call(b, '/api/prompts?search=pooled', admin)).total === before + 2)).toBeLessThan(
      FRESH_WITHIN_MS,
    );
  }, 120_000);
});

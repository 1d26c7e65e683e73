import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { type DatabaseHandle, openDatabase, queryRows } from './db/client';
import { TcpProxy } from './test/tcp-proxy';
import { openTestDatabase, testDatabaseKind } from './test/test-database';

// A write whose answer PostgreSQL never delivers (a frozen server or network) is given up on, answered
// 503, and never committed afterwards. The embedded database cannot freeze: PostgreSQL only.
const describePostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;

const STATEMENT_TIMEOUT_MS = 600;
/** The documented bound (statement timeout + 2 s) and room for a loaded test machine. */
const ANSWER_WITHIN_MS = STATEMENT_TIMEOUT_MS + 2_000 + 1_000;

describePostgres('a write given up on while PostgreSQL is frozen', () => {
  let fresh: DatabaseHandle;
  let viaProxy: DatabaseHandle;
  let proxy: TcpProxy;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token: string;

  beforeAll(async () => {
    fresh = await openTestDatabase();
    const direct = new URL((fresh.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString);
    proxy = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.port = String(await proxy.listen());
    viaProxy = await openDatabase({ kind: 'postgres', url: proxied.toString(), statementTimeoutMs: STATEMENT_TIMEOUT_MS, connectTimeoutMs: 500, poolSize: 4 });
    app = await buildApp({ config: testConfig(), db: viaProxy.db, webDistDir: '/nonexistent' });
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'writer@example.com', password: 'a long enough secret', firstName: 'Wri', lastName: 'Ter', businessUnit: 'Ops' },
    });
    token = (res.json() as { token: string }).token;
  });
  // A test that failed midway leaves nothing frozen for the next.
  afterEach(() => proxy.thaw());
  afterAll(async () => {
    await app?.close();
    await viaProxy?.close();
    await proxy?.close();
    await fresh?.close();
  });

  const send = (method: 'POST' | 'PUT', url: string, title: string) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: { title, content: `Content of ${title}`, aiModels: ['ChatGPT'], tags: ['held'] },
    });

  /** Sends the write and measures it; the relay freezes as soon as its statement has gone out. */
  async function heldWrite(statement: string, only: 'connection' | 'all', write: () => ReturnType<typeof send>) {
    let froze = false;
    void proxy.freezeAfter(statement, only).then(() => (froze = true));
    const started = Date.now();
    const res = await write();
    const ms = Date.now() - started;
    expect(froze).toBe(true);
    return { res, ms };
  }

  /** Read on a connection of its own, past the relay. */
  const directCount = async (statement: ReturnType<typeof sql>) => Number((await queryRows(fresh.db, statement))[0]!.n);
  const openTransactions = () =>
    directCount(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`);
  const storedWithTitle = (title: string) => directCount(sql`select count(*)::int as n from prompts where title = ${title}`);

  /** After the thaw: the app answers again, and a few writes reuse every pooled connection. */
  async function afterRecovery() {
    proxy.thaw();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await app.inject({ method: 'GET', url: '/api/prompts', headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' } }))
        .statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    const later = await Promise.all([1, 2, 3, 4].map((n) => send('POST', '/api/prompts', `Later write ${Date.now()} ${n}`)));
    expect(later.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    // Anything still open would be the abandoned transaction, waiting for a COMMIT.
    expect(await openTransactions()).toBe(0);
  }

  const expectGivenUp = ({ res, ms }: { res: Awaited<ReturnType<typeof send>>; ms: number }) => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'database_unavailable' });
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
  };

  it('a create whose connection froze after its INSERT: 503 in time, its transaction already ended, never stored', async () => {
    const title = `Held create ${Date.now()}`;
    const answer = await heldWrite('insert into "prompts"', 'connection', () => send('POST', '/api/prompts', title));
    expectGivenUp(answer);
    // PostgreSQL was reachable through other connections: the backend was ended before the answer.
    expect(await openTransactions()).toBe(0);
    await afterRecovery();
    expect(await storedWithTitle(title)).toBe(0);
  }, 30_000);

  it('a create while everything froze after its INSERT: 503 in time, not stored once the network recovers', async () => {
    const title = `Frozen create ${Date.now()}`;
    expectGivenUp(await heldWrite('insert into "prompts"', 'all', () => send('POST', '/api/prompts', title)));
    await afterRecovery();
    expect(await storedWithTitle(title)).toBe(0);
  }, 30_000);

  it('an update given up on the same two ways is not stored either', async () => {
    const created = await send('POST', '/api/prompts', `To update ${Date.now()}`);
    expect(created.statusCode).toBe(201);
    const { id, title } = created.json() as { id: string; title: string };
    const versions = () => directCount(sql`select count(*)::int as n from prompt_versions where prompt_id = ${id}`);
    expect(await versions()).toBe(1);

    for (const only of ['connection', 'all'] as const) {
      const answer = await heldWrite('update "prompts"', only, () => send('PUT', `/api/prompts/${id}`, `${title} changed (${only})`));
      expectGivenUp(answer);
      if (only === 'connection') expect(await openTransactions()).toBe(0);
      await afterRecovery();
      expect(await directCount(sql`select count(*)::int as n from prompts where id = ${id} and title = ${title}`)).toBe(1);
      expect(await versions()).toBe(1);
    }
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TcpProxy } from './test/tcp-proxy';
import {
  buildIfNeeded,
  freePort,
  freshStorage,
  type HttpAnswer,
  httpRequest,
  type ServerStorage,
  type StartedProcess,
  startProcess,
  waitForHealth,
} from './test/server-process';
import { testDatabaseKind } from './test/test-database';

// The built server, its DATABASE_URL through a relay that closes every PostgreSQL connection (idle,
// checked out, inside a transaction, the LISTEN connection) while clients keep reading and writing.
// It must answer 503 database_unavailable meanwhile, never die, and recover. PostgreSQL only.
const describePostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;

const ROUNDS = 10;
const LOOPS = 7;

interface Outcome {
  at: number;
  kind: 'read' | 'create';
  answer?: HttpAnswer;
  error?: Error & { code?: string };
}

describePostgres('the server when every PostgreSQL connection is cut', () => {
  let storage: ServerStorage;
  let proxy: TcpProxy;
  let server: StartedProcess;

  beforeAll(async () => {
    buildIfNeeded();
    storage = await freshStorage();
    const direct = new URL(storage.env.DATABASE_URL!);
    proxy = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.port = String(await proxy.listen());
    server = startProcess(
      [process.execPath, 'dist/server/main.js'],
      { ...storage, env: { ...storage.env, DATABASE_URL: proxied.toString() } },
      await freePort(),
      {
        LOG_LEVEL: 'error',
        DB_STATEMENT_TIMEOUT_MS: '2000',
      },
    );
    await waitForHealth(server.url);
  }, 240_000);
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await proxy?.close();
    await storage?.drop();
  });

  it(`answers 200/201 or 503 database_unavailable through ${ROUNDS} cuts, stays up and recovers each time`, async () => {
    const registered = await httpRequest(`${server.url}/api/register`, {
      method: 'POST',
      body: { email: 'cut@example.com', password: 'a long enough secret', firstName: 'Cut', lastName: 'Test', businessUnit: 'Ops' },
    });
    expect(registered.status).toBe(201);
    const { token } = JSON.parse(registered.body) as { token: string };

    const outcomes: Outcome[] = [];
    let running = true;
    let created = 0;
    const loop = async (n: number) => {
      const kind = n % 2 === 0 ? 'create' : 'read';
      while (running) {
        const at = Date.now();
        const request =
          kind === 'create'
            ? httpRequest(`${server.url}/api/prompts`, {
                method: 'POST',
                token,
                body: { title: `Cut test ${n}-${++created}`, content: 'Written while the database comes and goes', aiModels: ['ChatGPT'], tags: ['cut'] },
              })
            : // A search of its own each time, so the answer comes from the database, not a cache.
              httpRequest(`${server.url}/api/prompts?search=cut${at % 97}&limit=5`, { token });
        const outcome: Outcome = await request.then(
          (answer) => ({ at, kind, answer }),
          (error: Error) => ({ at, kind, error }),
        );
        outcomes.push(outcome);
        if (outcome.error) await new Promise((r) => setTimeout(r, 20));
      }
    };
    const loops = Array.from({ length: LOOPS }, (_, n) => loop(n));

    /** Waits until a request sent after `since` gets one of `statuses`. */
    const until = async (since: number, statuses: number[], what: string) => {
      const deadline = Date.now() + 20_000;
      while (!outcomes.some((o) => o.at >= since && o.answer && statuses.includes(o.answer.status))) {
        if (Date.now() > deadline || server.child.exitCode !== null) throw new Error(`${what}: not seen\n${server.output().slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };

    for (let round = 0; round < ROUNDS; round++) {
      const cutAt = Date.now();
      proxy.cut();
      await until(cutAt, [503], `round ${round}: a 503 while cut`);
      const restoredAt = Date.now();
      proxy.restore();
      await until(restoredAt, [201], `round ${round}: a create after restore`);
      await until(restoredAt, [200], `round ${round}: a read after restore`);
    }
    running = false;
    await Promise.all(loops);

    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
    const unexpected = outcomes.filter(
      (o) =>
        o.error ||
        !(
          [200, 201].includes(o.answer!.status) ||
          (o.answer!.status === 503 && (JSON.parse(o.answer!.body) as { code?: string }).code === 'database_unavailable')
        ),
    );
    expect(unexpected.map((o) => `${o.kind}: ${o.error ? `${o.error.code ?? ''} ${o.error.message}` : `${o.answer!.status} ${o.answer!.body}`}`)).toEqual([]);
    expect(outcomes.filter((o) => o.answer?.status === 503).length).toBeGreaterThanOrEqual(ROUNDS);
    expect((await httpRequest(`${server.url}/readyz`)).status).toBe(200);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { TcpProxy } from './test/tcp-proxy';
import { openTestDatabase, testDatabaseKind } from './test/test-database';

// The embedded database lives in the process and cannot become unreachable: PostgreSQL only.
const describePostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;

describePostgres('when PostgreSQL is frozen or down', () => {
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
    viaProxy = await openDatabase({ kind: 'postgres', url: proxied.toString(), statementTimeoutMs: 600, connectTimeoutMs: 500, poolSize: 4 });
    app = await buildApp({ config: testConfig(), db: viaProxy.db, webDistDir: '/nonexistent' });
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'ops@example.com', password: 'a long enough secret', firstName: 'Ops', lastName: 'Person', businessUnit: 'Ops' },
    });
    token = (res.json() as { token: string }).token;
  });
  afterAll(async () => {
    await app?.close();
    await viaProxy?.close();
    await proxy?.close();
    await fresh?.close();
  });

  const timed = async (url: string) => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' } });
    return { res, ms: Date.now() - started };
  };

  it('answers 503 database_unavailable with Retry-After instead of hanging, and recovers', async () => {
    expect((await timed('/api/prompts')).res.statusCode).toBe(200);

    proxy.freeze();
    const frozen = await timed('/api/prompts?search=frozen');
    expect(frozen.res.statusCode).toBe(503);
    expect(frozen.res.json()).toMatchObject({ code: 'database_unavailable' });
    expect(Number(frozen.res.headers['retry-after'])).toBeGreaterThan(0);
    expect(frozen.ms).toBeLessThan(5_000);
    const health = await timed('/healthz');
    expect(health.res.statusCode).toBe(503);
    expect(health.ms).toBeLessThan(1_500);
    expect((await timed('/readyz')).res.statusCode).toBe(503);

    proxy.cut();
    const down = await timed('/api/prompts?search=down');
    expect(down.res.statusCode).toBe(503);
    expect(down.res.json()).toMatchObject({ code: 'database_unavailable' });
    expect(down.ms).toBeLessThan(5_000);

    proxy.restore();
    let back = 0;
    for (let i = 0; i < 20 && back !== 200; i++) {
      back = (await timed('/api/prompts')).res.statusCode;
      if (back !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(back).toBe(200);
    expect((await timed('/readyz')).res.json()).toMatchObject({ status: 'ready' });
  }, 60_000);
});

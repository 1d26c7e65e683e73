import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './db/client';
import { waitForPostgres } from './db/wait-for-postgres';
import { pgbouncerInstalled, type RunningPgBouncer, startPgBouncer } from './test/pgbouncer';
import { buildIfNeeded, freePort, freshStorage, type ServerStorage, type StartedProcess, startProcess, waitForHealth } from './test/server-process';
import { makeTestCertificates, type TestCertificates } from './test/test-certificates';
import { startTlsFront, type TlsFront } from './test/tls-front';
import { testDatabaseKind } from './test/test-database';
import { call, FRESH_WITHIN_MS, json, msUntil } from './test/two-instances';

// TLS to the database as managed services require it, with a certificate for "localhost" signed by a
// private CA. PgBouncer in transaction mode requiring TLS of every client is the pooled endpoint; a TLS
// front relaying to the PostgreSQL server (which has no TLS here) is the server's own.
const describeTls = testDatabaseKind() === 'postgres' && pgbouncerInstalled() ? describe : describe.skip;

let certs: TestCertificates;
let pooler: RunningPgBouncer;
let direct: TlsFront;
const storages: ServerStorage[] = [];
const started: StartedProcess[] = [];

/** `url` through `endpoint` (the pooler or the TLS front), reached by `host`, with this sslmode. */
function tlsUrl(url: string, endpoint: RunningPgBouncer | TlsFront, host: string, sslmode: string): string {
  const u = new URL('pooled' in endpoint ? endpoint.pooled(url) : endpoint.through(url, host));
  u.hostname = host;
  u.searchParams.set('sslmode', sslmode);
  return u.toString();
}

async function tlsStorage(): Promise<ServerStorage> {
  const storage = await freshStorage();
  storages.push(storage);
  return storage;
}

async function startFailing(storage: ServerStorage, env: Record<string, string>): Promise<{ code: number | null; lines: string[]; seconds: number }> {
  const startedAt = Date.now();
  const server = startProcess([process.execPath, 'dist/server/main.js'], storage, await freePort(), { DB_CONNECT_RETRY_S: '30', ...env });
  started.push(server);
  const { code } = await server.exited;
  return { code, lines: server.output().trim().split('\n'), seconds: (Date.now() - startedAt) / 1000 };
}

describeTls('TLS to the database', () => {
  beforeAll(async () => {
    buildIfNeeded();
    certs = makeTestCertificates(['localhost']);
    const tls = { certFile: certs.serverCertFile, keyFile: certs.serverKeyFile };
    pooler = await startPgBouncer(process.env.TEST_DATABASE_URL!, { tls });
    direct = await startTlsFront(process.env.TEST_DATABASE_URL!, tls);
  }, 240_000);

  afterAll(async () => {
    for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(started.map((p) => p.exited));
    await pooler?.stop();
    await direct?.stop();
    for (const s of storages) await s.drop();
    if (certs) rmSync(certs.dir, { recursive: true, force: true });
  });

  it('with sslmode=verify-full and DATABASE_CA_FILE, instances start over TLS on the pooled and the direct URL and hear each other', async () => {
    const storage = await tlsStorage();
    const url = storage.env.DATABASE_URL!;
    // These endpoints take no client without TLS: instances that work used it.
    for (const endpoint of [pooler.pooled(url), direct.through(url, '127.0.0.1')]) {
      const plain = new pg.Client({ connectionString: endpoint });
      await expect(plain.connect()).rejects.toThrow();
      await plain.end().catch(() => {});
    }

    const env = {
      DATABASE_URL: tlsUrl(url, pooler, 'localhost', 'verify-full'),
      DATABASE_DIRECT_URL: tlsUrl(url, direct, 'localhost', 'verify-full'),
      DATABASE_CA_FILE: certs.caFile,
    };
    const a = startProcess([process.execPath, 'dist/server/main.js'], { ...storage, env: { ...storage.env, ...env } }, await freePort());
    const b = startProcess([process.execPath, 'dist/server/main.js'], { ...storage, env: { ...storage.env, ...env } }, await freePort());
    started.push(a, b);
    await Promise.all([waitForHealth(a.url, 60_000), waitForHealth(b.url, 60_000)]);
    expect(a.output()).toContain('PostgreSQL (DATABASE_URL, over TLS (sslmode=verify-full))');

    const register = await call(a, '/api/register', undefined, 'POST', {
      email: 'tls@example.com',
      password: 'a long enough secret',
      firstName: 'Tess',
      lastName: 'Layer',
      businessUnit: 'Ops',
    });
    const { token } = json<{ token: string }>(register);
    const prompt = (title: string) => ({ title, content: `${title} content`, aiModels: ['Claude'], tags: ['tls'] });
    expect((await call(a, '/api/prompts', token, 'POST', prompt('Encrypted one'))).status).toBe(201);
    expect(json<{ total: number }>(await call(b, '/api/prompts?search=encrypted', token)).total).toBe(1);
    expect((await call(a, '/api/prompts', token, 'POST', prompt('Encrypted two'))).status).toBe(201);
    // B's cached total is dropped by A's notification, which travels over the direct TLS connection.
    expect(await msUntil(async () => json<{ total: number }>(await call(b, '/api/prompts?search=encrypted', token)).total === 2)).toBeLessThan(FRESH_WITHIN_MS);
    for (const p of [a, b]) p.child.kill('SIGTERM');
    for (const p of [a, b]) expect((await p.exited).code).toBe(0);
  }, 120_000);

  it('a certificate from a CA it was not given stops the start at once, with one line saying what to set', async () => {
    const storage = await tlsStorage();
    const { code, lines, seconds } = await startFailing(storage, { DATABASE_URL: tlsUrl(storage.env.DATABASE_URL!, direct, 'localhost', 'verify-full') });
    expect(code).toBe(1);
    expect(seconds).toBeLessThan(10);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Cannot connect to PostgreSQL at localhost:${direct.port}: its TLS certificate was refused \\(.+, [A-Z_]+\\): set DATABASE_CA_FILE to the certificate of the CA that signs it$`,
        ),
      ),
    ]);
  }, 60_000);

  it('a certificate for another name stops the start with one line naming the names it is for; verify-ca accepts it', async () => {
    const storage = await tlsStorage();
    const byAddress = (sslmode: string) => tlsUrl(storage.env.DATABASE_URL!, direct, '127.0.0.1', sslmode);
    const { code, lines } = await startFailing(storage, { DATABASE_URL: byAddress('verify-full'), DATABASE_CA_FILE: certs.caFile });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `Cannot connect to PostgreSQL at 127.0.0.1:${direct.port}: its TLS certificate is for DNS:localhost, not 127.0.0.1: connect by a name on the certificate in DATABASE_URL, or use sslmode=verify-ca`,
    ]);
    // verify-ca checks the chain only, as libpq does.
    await waitForPostgres(byAddress('verify-ca'), { retryS: 0, report: () => {}, caFile: certs.caFile });
  }, 60_000);

  it('sslmode=require encrypts without checking the certificate unless a CA is given, as libpq does; it refuses a server without TLS', async () => {
    const storage = await tlsStorage();
    const url = storage.env.DATABASE_URL!;
    const handle = await openDatabase({ kind: 'postgres', url: tlsUrl(url, direct, '127.0.0.1', 'require'), poolSize: 1 });
    try {
      expect(await queryRows(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
    const withOtherCa = waitForPostgres(tlsUrl(url, direct, 'localhost', 'require'), { retryS: 0, report: () => {}, caFile: certs.otherCaFile });
    await expect(withOtherCa).rejects.toThrow(/its TLS certificate was refused/);

    const noTls = new URL(url);
    noTls.searchParams.set('sslmode', 'require');
    await expect(waitForPostgres(noTls.toString(), { retryS: 5, report: () => {} })).rejects.toThrow(
      /: the server does not accept TLS connections: enable ssl on it, or change sslmode in DATABASE_URL$/,
    );
  }, 60_000);
});

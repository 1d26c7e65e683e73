import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { isStorageFull, STORAGE_FULL_MESSAGE } from './lib/storage-errors';
import { testDatabaseKind } from './test/test-database';

// A real full disk: a small tmpfs mounted for the test (root only), holding PGlite's data folder, or a
// PostgreSQL tablespace with the test database in it (the server's write-ahead log stays on its own
// disk, as on a server whose data disk fills up). Where nothing can be mounted these tests are skipped
// and say so; the disk-full SQLSTATE is then still exercised through a real error raised by a trigger
// (idempotency.test.ts), and the classifier below.

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

/** A tmpfs of this size, or null where mounting is not allowed here. */
function mountSmallDisk(megabytes: number): string | null {
  if (process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'apd-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  cleanups.push(() => {
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** Fills the disk of `dir` with a file until only `leaveBytes` are free (0: until the disk refuses). */
function fillDisk(dir: string, leaveBytes = 0): () => void {
  const file = path.join(dir, 'filler');
  const fd = openSync(file, 'w');
  try {
    const { bavail, bsize } = statfsSync(dir);
    let toWrite = Number(bavail) * Number(bsize) - leaveBytes;
    for (const size of [1 << 20, 4096, 512]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        while (leaveBytes === 0 || toWrite >= size) toWrite -= writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    closeSync(fd);
  }
  return () => rmSync(file, { force: true });
}

/** Incompressible content, so that storing it needs new pages whatever space the tables have spare. */
const bigPrompt = (title: string) => ({ title, content: randomBytes(45_000).toString('base64').slice(0, 60_000), aiModels: ['ChatGPT'], tags: ['disk'] });

async function appOn(handle: DatabaseHandle, embeddedDataDir?: string) {
  const app = await buildApp({ config: testConfig({ authRateLimit: 10_000 }), db: handle.db, webDistDir: '/nonexistent', embeddedDataDir });
  await app.ready();
  return app;
}

async function signUp(app: FastifyInstance): Promise<{ authorization: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email: `full${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Fay', lastName: 'Full', businessUnit: 'Ops' },
  });
  expect(res.statusCode).toBe(201);
  return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
}

/** /readyz answers a cached check for a few seconds: ask until it changes (at most 15 s). */
async function readinessBecomes(app: FastifyInstance, status: number) {
  const until = Date.now() + 15_000;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    if (res.statusCode === status || Date.now() > until) return res;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The same story on either engine: writes refused with storage_full, reads served, then all resumes. */
async function fullDiskStory(app: FastifyInstance, disk: string, reopen: () => Promise<FastifyInstance>) {
  const auth = await signUp(app);
  const saved: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: auth,
      payload: { title: `Saved ${i}`, content: 'Kept safe', aiModels: ['ChatGPT'], tags: ['disk'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    saved.push((res.json() as { id: string }).id);
  }

  const freeSpace = fillDisk(disk);
  const refused = await app.inject({ method: 'POST', url: '/api/prompts', headers: auth, payload: bigPrompt('Does not fit') });
  expect(refused.statusCode, refused.body).toBe(503);
  expect(refused.json()).toEqual({ message: STORAGE_FULL_MESSAGE, code: 'storage_full' });
  expect(refused.headers['retry-after']).toBe('60');
  for (const id of saved) expect((await app.inject({ method: 'GET', url: `/api/prompts/${id}`, headers: auth })).statusCode).toBe(200);
  const notReady = await readinessBecomes(app, 503);
  expect(notReady.statusCode).toBe(503);
  expect(notReady.json()).toMatchObject({ status: 'storage_full', code: 'storage_full' });

  freeSpace();
  expect((await readinessBecomes(app, 200)).statusCode).toBe(200);
  const fits = await app.inject({ method: 'POST', url: '/api/prompts', headers: auth, payload: bigPrompt('Fits again') });
  expect(fits.statusCode).toBe(201);
  saved.push((fits.json() as { id: string }).id);

  // Reopened from its files: everything acknowledged is there, the refused prompt is not.
  const again = await reopen();
  const titles = await again.inject({ method: 'GET', url: '/api/prompts?limit=50', headers: auth });
  expect((titles.json() as { items: Array<{ id: string; title: string }> }).items.map((p) => p.id).sort()).toEqual([...saved].sort());
}

describe.runIf(testDatabaseKind() === 'pglite')('the embedded database on a full disk', () => {
  const disk = mountSmallDisk(160);

  it.skipIf(!disk)(
    'PGlite’s own disk-full error: 503 storage_full, reads go on, nothing acknowledged lost, writes resume',
    async () => {
      const dataDir = path.join(disk!, 'engine');
      let handle = await openDatabase({ kind: 'pglite', dir: dataDir });
      await handle.migrate();
      // No embeddedDataDir: no guard in front, the engine itself meets the full disk.
      let app = await appOn(handle);
      cleanups.push(async () => {
        await app.close();
        await handle.close();
      });
      await fullDiskStory(app, disk!, async () => {
        await app.close();
        await handle.close();
        handle = await openDatabase({ kind: 'pglite', dir: dataDir });
        app = await appOn(handle);
        return app;
      });
    },
    120_000,
  );

  it.skipIf(!disk)(
    'below the free-space reserve, writes are refused before the engine is touched, and /readyz says why',
    async () => {
      rmSync(path.join(disk!, 'engine'), { recursive: true, force: true });
      const dataDir = path.join(disk!, 'guarded');
      const handle = await openDatabase({ kind: 'pglite', dir: dataDir });
      await handle.migrate();
      const app = await appOn(handle, dataDir);
      cleanups.push(async () => {
        await app.close();
        await handle.close();
      });
      const auth = await signUp(app);
      const freeSpace = fillDisk(disk!, 20 * 1024 * 1024);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: auth,
        payload: { title: 'Refused', content: 'x', aiModels: ['ChatGPT'], tags: ['disk'] },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'storage_full' });
      expect((await app.inject({ method: 'GET', url: '/api/prompts', headers: auth })).statusCode).toBe(200);
      const notReady = await readinessBecomes(app, 503);
      expect(notReady.json()).toMatchObject({ status: 'storage_full', code: 'storage_full', message: expect.stringMatching(/MB free/) });
      freeSpace();
      expect((await readinessBecomes(app, 200)).statusCode).toBe(200);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/prompts',
            headers: auth,
            payload: { title: 'Accepted', content: 'x', aiModels: ['ChatGPT'], tags: ['disk'] },
          })
        ).statusCode,
      ).toBe(201);
    },
    120_000,
  );
});

describe.runIf(testDatabaseKind() === 'postgres')('PostgreSQL with its data disk full', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const local = /^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?\//.test(adminUrl);
  const disk = local ? mountSmallDisk(48) : null;

  it.skipIf(!disk)(
    'PostgreSQL’s disk_full (53100): 503 storage_full, reads go on, nothing acknowledged lost, writes resume',
    async () => {
      const postgresUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const location = path.join(disk!, 'tablespace');
      mkdirSync(location);
      execFileSync('chown', [`${postgresUid}:${postgresUid}`, location]);
      const name = `apd_full_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE TABLESPACE "${name}" LOCATION '${location}'`);
      await admin.query(`CREATE DATABASE "${name}" TABLESPACE "${name}"`);
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.query(`DROP TABLESPACE IF EXISTS "${name}"`);
        await admin.end();
      });
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
      await handle.migrate();
      let app = await appOn(handle);
      cleanups.push(async () => {
        await app.close();
        await handle.close();
      });
      await fullDiskStory(app, disk!, async () => {
        await app.close();
        app = await appOn(handle);
        return app;
      });
    },
    120_000,
  );
});

describe('telling a full disk from other failures', () => {
  const wrapped = (cause: object) => Object.assign(new Error('Failed query: insert …'), { cause });
  it('reads SQLSTATE 53100, the class code 53000 when it speaks of space, and ENOSPC', () => {
    expect(isStorageFull(wrapped({ code: '53100', message: 'could not extend file "base/5/16969": No space left on device' }))).toBe(true);
    expect(isStorageFull(wrapped({ code: '53000', message: 'could not write block: disk full' }))).toBe(true);
    expect(isStorageFull(wrapped({ code: '53000', message: 'insufficient resources' }))).toBe(false);
    expect(isStorageFull(wrapped({ code: '53200', message: 'out of memory' }))).toBe(false);
    expect(isStorageFull(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(true);
    expect(isStorageFull(wrapped({ code: '23505', message: 'duplicate key value (No space left on device)' }))).toBe(false);
    expect(isStorageFull(new Error('something else'))).toBe(false);
  });
});

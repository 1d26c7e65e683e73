import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type DatabaseHandle, openDatabase, queryRows } from '../../db/client';
import { restoreEmbeddedBackup } from '../../lib/embedded-backup';
import { body, createTestApp } from '../../test/test-app';
import { testDatabaseKind } from '../../test/test-database';

const embedded = testDatabaseKind() === 'pglite';
const folders: string[] = [];
const tempFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apd-backup-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

(embedded ? describe : describe.skip)('online backup of the embedded database', () => {
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let auth: { authorization: string };
  const pgdata = path.join(tempFolder(), 'pglite');

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', dir: pgdata });
    await handle.migrate();
    app = await buildApp({ config: testConfig({ authRateLimit: 10_000 }), db: handle.db, webDistDir: '/nonexistent', embeddedDataDir: pgdata });
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'admin@example.com', password: 'a long enough secret', firstName: 'Ada', lastName: 'Admin', businessUnit: 'Ops' },
    });
    auth = { authorization: `Bearer ${body<{ token: string }>(res).token}` };
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const create = async (title: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: auth,
      payload: { title, content: `${title} `.repeat(50), aiModels: ['ChatGPT'], tags: ['backup'] },
    });
    expect(res.statusCode).toBe(201);
    return body<{ id: string }>(res).id;
  };

  it('is consistent under write load: every prompt acknowledged before it started is in the restored copy', async () => {
    const before: string[] = [];
    for (let i = 0; i < 60; i++) before.push(await create(`Before ${i}`));

    let writing = true;
    const during: string[] = [];
    const writers = [0, 1].map(async (w) => {
      for (let n = 0; writing; n++) {
        during.push(await create(`During ${w}-${n}`));
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    await new Promise((r) => setTimeout(r, 100));
    const backup = app.inject({ method: 'GET', url: '/api/admin/backup', headers: auth });
    await new Promise((r) => setTimeout(r, 50));
    const second = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: auth });
    const res = await backup;
    writing = false;
    await Promise.all(writers);

    expect(second.statusCode).toBe(409);
    expect(body(second)).toMatchObject({ code: 'backup_running' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="ai-prompts-backup-.*\.tar\.gz"$/);
    expect(during.length).toBeGreaterThan(0);
    // One backup was made (the refused second one is not one), and the log says who made it.
    const made = await queryRows(handle.db, sql`select actor_email from audit_events where action = 'backup.created'`);
    expect(made.map((r) => r.actor_email)).toEqual(['admin@example.com']);

    const restoredDir = path.join(tempFolder(), 'pglite');
    await restoreEmbeddedBackup(Readable.from(res.rawPayload), restoredDir);
    const restored = await openDatabase({ kind: 'pglite', dir: restoredDir });
    try {
      const ids = new Set((await queryRows(restored.db, sql`select id from prompts`)).map((r) => String(r.id)));
      for (const id of before) expect(ids.has(id), id).toBe(true);
      const [derived] = await queryRows(restored.db, sql`select (select count(*) from prompts)::int as p, (select count(*) from prompt_list_items)::int as l`);
      expect(derived!.l).toBe(derived!.p);
    } finally {
      await restored.close();
    }
    // The running database goes on after its backup.
    await create('After the backup');
  }, 120_000);

  it('refuses to restore into a folder that already holds a database', async () => {
    await expect(restoreEmbeddedBackup(Readable.from(Buffer.alloc(0)), pgdata)).rejects.toThrow(/not empty/);
  });
});

(embedded ? describe.skip : describe)('backup on PostgreSQL', () => {
  it('points to pg_dump instead', async () => {
    const t = await createTestApp();
    try {
      const admin = await t.register();
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/backup', headers: admin.auth });
      expect(res.statusCode).toBe(409);
      expect(body(res)).toMatchObject({ code: 'backup_not_embedded' });
    } finally {
      await t.close();
    }
  });
});

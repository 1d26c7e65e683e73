import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { extract } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client';
import { body } from '../test/test-app';
import { testDatabaseKind } from '../test/test-database';
import { walSegmentsBetween, workShare } from './embedded-backup-protocol';
import { restoreEmbeddedBackup, startEmbeddedBackup } from './embedded-backup';

// The embedded database only: PostgreSQL is backed up with pg_dump.
const describeEmbedded = testDatabaseKind() === 'pglite' ? describe : describe.skip;
const folders: string[] = [];
const tempFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apd-backup-lib-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** Waits until `ready()` holds, polling (no fixed sleep). */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setTimeout(r, 5));
}

/** The archive's entries: name → content. */
async function entries(archive: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const unpack = extract();
  Readable.from(archive).pipe(createGunzip()).pipe(unpack);
  for await (const entry of unpack) {
    const parts: Buffer[] = [];
    for await (const part of entry) parts.push(part as Buffer);
    files.set(entry.header.name, Buffer.concat(parts));
  }
  return files;
}

describeEmbedded('online backups of the embedded database', () => {
  const pgdata = path.join(tempFolder(), 'pglite');
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let auth: { authorization: string };

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

  const prompt = (title: string) => ({ title, content: `${title} `.repeat(40), aiModels: ['ChatGPT'], tags: ['backup'] });
  /** Every title sent, in the order sent (titles are unique): a later one is a more recent write. */
  const sent: string[] = [];
  const create = async (title: string) => {
    sent.push(title);
    const res = await app.inject({ method: 'POST', url: '/api/prompts', headers: auth, payload: prompt(title) });
    expect(res.statusCode).toBe(201);
    return body<{ id: string }>(res).id;
  };
  const rename = async (id: string, title: string) => {
    sent.push(title);
    const res = await app.inject({ method: 'PUT', url: `/api/prompts/${id}`, headers: auth, payload: prompt(title) });
    expect(res.statusCode).toBe(200);
  };

  it('taken under concurrent writes, restores to a consistent database holding every write acknowledged before it started', async () => {
    const titles = new Map<string, string>();
    for (let i = 0; i < 30; i++) titles.set(await create(`Before ${i}`), `Before ${i}`);

    // Two writers create and rename prompts without pause; every acknowledged write is noted with its title.
    let writing = true;
    const acknowledged = new Map<string, string>();
    const writers = [0, 1].map(async (w) => {
      for (let n = 0; writing; n++) {
        const id = await create(`Writer ${w} new ${n}`);
        acknowledged.set(id, `Writer ${w} new ${n}`);
        const [some] = [...titles.keys()].slice(n % titles.size);
        await rename(some!, `Writer ${w} renamed ${n}`);
        acknowledged.set(some!, `Writer ${w} renamed ${n}`);
      }
    });
    await until(() => acknowledged.size >= 10);

    const beforeStart = new Map([...titles, ...acknowledged]);
    let beforeStop = new Map<string, string>();
    const backup = await startEmbeddedBackup(handle.db, pgdata, {
      // The data files are copied: hold the backup open until more writes are committed, which only
      // the write-ahead log of the backup period can then bring into the copy.
      beforeStop: async () => {
        const seen = acknowledged.size;
        await until(() => acknowledged.size >= seen + 10);
        beforeStop = new Map([...titles, ...acknowledged]);
      },
    });
    const archive = Buffer.concat(await backup.stream.toArray());
    await backup.done;
    writing = false;
    await Promise.all(writers);

    const restoredDir = path.join(tempFolder(), 'pglite');
    await restoreEmbeddedBackup(Readable.from(archive), restoredDir);
    const restored = await PGlite.create(restoredDir, { extensions: { pg_trgm, amcheck } });
    try {
      const rows = (await restored.query<{ id: string; title: string }>('select id::text, title from prompts')).rows;
      const restoredTitles = new Map(rows.map((r) => [r.id, r.title]));
      // Everything acknowledged before the start is there, and so is everything acknowledged before
      // pg_backup_stop (through the log): each prompt as acknowledged then, or as changed by a later
      // write (one in flight at the stop may be in), never an older version.
      const notOlder = (id: string, acknowledgedTitle: string) => sent.indexOf(restoredTitles.get(id) ?? '') >= sent.indexOf(acknowledgedTitle);
      for (const [id, title] of beforeStart) expect(notOlder(id, title), `${id} ${title}`).toBe(true);
      for (const [id, title] of beforeStop) expect(notOlder(id, title), `${id} ${title}`).toBe(true);
      expect(beforeStop.size).toBeGreaterThan(beforeStart.size);

      // The tables kept by triggers agree with the prompts, and every index agrees with its table.
      const [derived] = (
        await restored.query<{ prompts: number; items: number; keys: number }>(
          'select (select count(*) from prompts)::int as prompts, (select count(*) from prompt_list_items)::int as items, (select count(*) from prompt_filter_keys)::int as keys',
        )
      ).rows;
      expect(derived).toEqual({ prompts: rows.length, items: rows.length, keys: rows.length });
      await restored.exec('create extension amcheck');
      const checked = await restored.query<{ n: number }>(
        `select count(bt_index_check(c.oid, true))::int as n from pg_index i join pg_class c on c.oid = i.indexrelid
         join pg_am a on a.oid = c.relam join pg_namespace s on s.oid = c.relnamespace where a.amname = 'btree' and s.nspname = 'public'`,
      );
      expect(checked.rows[0]!.n).toBeGreaterThan(10);
    } finally {
      await restored.close();
    }
    // The running database goes on after its backup.
    await create('After the backup');
  }, 120_000);

  it('holds the write-ahead log of the backup period only, not the older or recycled segments in pg_wal', async () => {
    // Earlier segments, and after a checkpoint recycled ones waiting for reuse.
    for (let i = 0; i < 3; i++) {
      await create(`Segment ${i}`);
      await queryRows(handle.db, sql`select pg_switch_wal()`);
    }
    await queryRows(handle.db, sql`checkpoint`);
    const backup = await startEmbeddedBackup(handle.db, pgdata);
    const files = await entries(Buffer.concat(await backup.stream.toArray()));
    await backup.done;

    const start = /\(file ([0-9A-F]{24})\)/.exec(files.get('backup_label')!.toString())![1]!;
    const wal = [...files.keys()].filter((n) => /^pg_wal\/[0-9A-F]{24}$/.test(n)).map((n) => n.slice('pg_wal/'.length));
    expect(wal[0]).toBe(start);
    expect(wal).toEqual(walSegmentsBetween(wal, start, wal.at(-1)!, () => 16 * 1024 * 1024));
    const live = readdirSync(path.join(pgdata, 'pg_wal')).filter((n) => /^[0-9A-F]{24}$/.test(n));
    expect(live.filter((n) => !wal.includes(n)).length).toBeGreaterThan(0);
  }, 60_000);

  it('ends when its reader goes away, and the next backup can start', async () => {
    const abandoned = await startEmbeddedBackup(handle.db, pgdata);
    await new Promise((resolve) => abandoned.stream.once('data', resolve));
    abandoned.stream.destroy();
    await expect(abandoned.done).rejects.toThrow(/abandoned/);

    const next = await startEmbeddedBackup(handle.db, pgdata);
    const files = await entries(Buffer.concat(await next.stream.toArray()));
    await expect(next.done).resolves.toMatchObject({ files: expect.any(Number) });
    expect(files.has('backup_label')).toBe(true);
  }, 60_000);
});

describe('the write-ahead log a backup needs', () => {
  const names = ['000000010000000000000003', '000000010000000000000004', '000000010000000000000005', '000000010000000000000009'];
  const size = () => 16 * 1024 * 1024;

  it('is the segments from the start file to the stop file, in order, whatever else pg_wal holds', () => {
    expect(walSegmentsBetween([...names, 'archive_status', '000000010000000000000002'].reverse(), names[0]!, names[2]!, size)).toEqual(names.slice(0, 3));
    // A log id holds 256 segments of 16 MiB: ...00FF is followed by the next log id's ...0000.
    const across = ['0000000100000000000000FF', '000000010000000100000000'];
    expect(walSegmentsBetween(across, across[0]!, across[1]!, size)).toEqual(across);
  });

  it('refuses a range with a segment missing, as the copy would not restore', () => {
    expect(() => walSegmentsBetween(names, names[0]!, names[3]!, size)).toThrow(/not all in pg_wal/);
    expect(() => walSegmentsBetween(names.slice(1), names[0]!, names[2]!, size)).toThrow(/not all in pg_wal/);
  });
});

describe('how much of its time the backup works beside a busy main thread', () => {
  it('is all of it up to half busy, then less and less, never under a fifth', () => {
    expect([0, 0.3, 0.5].map(workShare)).toEqual([1, 1, 1]);
    expect(workShare(0.7)).toBeCloseTo(0.6);
    expect([0.9, 0.99, 1].map(workShare)).toEqual([0.2, 0.2, 0.2]);
    for (let busy = 0.5; busy < 1; busy += 0.05) expect(workShare(busy + 0.05)).toBeLessThanOrEqual(workShare(busy));
  });
});

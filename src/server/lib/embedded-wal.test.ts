import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client';
import { testDatabaseKind } from '../test/test-database';
import { startEmbeddedBackup } from './embedded-backup';
import { checkpointIfWalExceeds, walSinceCheckpoint } from './embedded-wal';

// The embedded database only: a PostgreSQL server has its own checkpointer.
const describeEmbedded = testDatabaseKind() === 'pglite' ? describe : describe.skip;

describeEmbedded('the embedded database keeps its write-ahead log bounded', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apd-wal-'));
  const pgdata = path.join(dir, 'pglite');
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', dir: pgdata });
    await queryRows(handle.db, sql`create table filler (id serial primary key, body text)`);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** About 2 MB of log per call. */
  const write = () => queryRows(handle.db, sql`insert into filler (body) select repeat(md5(g::text), 30) from generate_series(1, 2000) g`);
  const segments = () =>
    readdirSync(path.join(pgdata, 'pg_wal'))
      .filter((n) => /^[0-9A-F]{24}$/.test(n))
      .sort();

  it('takes a checkpoint once more log than the limit was written since the last one, and only then', async () => {
    await queryRows(handle.db, sql`checkpoint`);
    await write();
    const written = await walSinceCheckpoint(handle.db);
    expect(written).toBeGreaterThan(1024 * 1024);

    expect(await checkpointIfWalExceeds(handle.db, written + 1024 * 1024)).toBe(false);
    expect(await walSinceCheckpoint(handle.db)).toBeGreaterThanOrEqual(written);

    expect(await checkpointIfWalExceeds(handle.db, 1024 * 1024)).toBe(true);
    expect(await walSinceCheckpoint(handle.db)).toBeLessThan(64 * 1024);
  });

  it('lets PostgreSQL recycle the segments before the checkpoint, so pg_wal stops growing', async () => {
    await queryRows(handle.db, sql`checkpoint`);
    const first = segments()[0]!;
    for (let i = 0; i < 12; i++) await write(); // over one 16 MB segment
    expect(segments()[0]).toBe(first); // nothing takes a checkpoint by itself
    expect(await checkpointIfWalExceeds(handle.db, 1024 * 1024)).toBe(true);
    expect(segments()[0]! > first).toBe(true);
  }, 60_000);

  it('takes none while a backup runs: the backup still needs every segment since it began', async () => {
    await write();
    let during: boolean | undefined;
    const backup = await startEmbeddedBackup(handle.db, pgdata, {
      beforeStop: async () => {
        during = await checkpointIfWalExceeds(handle.db, 0);
      },
    });
    await backup.stream.toArray();
    await expect(backup.done).resolves.toMatchObject({ files: expect.any(Number) });
    expect(during).toBe(false);
    // Once the backup has ended, the next check takes it.
    await write();
    expect(await checkpointIfWalExceeds(handle.db, 0)).toBe(true);
  }, 60_000);
});

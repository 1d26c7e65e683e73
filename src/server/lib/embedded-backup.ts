import { createReadStream, createWriteStream, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { extract, pack } from 'tar-stream';
import { type Database, queryRows } from '../db/client';

/**
 * Online backups of the embedded database, PostgreSQL's own way: `pg_backup_start` (a checkpoint, and
 * full-page writes from then on), a copy of the data files read while the app keeps serving, then
 * `pg_backup_stop`, the write-ahead log written meanwhile, and the backup label. Restoring the files
 * and opening them replays that log, so the copy is consistent as of the end of the backup. Reading
 * the files happens between queries, so requests are held only by the start's checkpoint.
 */

/** Folders whose contents PostgreSQL rebuilds or never needs in a base backup (pg_wal comes last). */
const SKIPPED = new Set(['pg_wal', 'pg_stat_tmp', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']);
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);

function listFiles(root: string, relative = ''): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(root, relative))) {
    const rel = relative ? `${relative}/${name}` : name;
    const stat = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!stat) continue; // removed meanwhile: a temporary file of the running server
    if (stat.isDirectory()) {
      if (!relative && SKIPPED.has(name)) {
        files.push(`${rel}/`);
        continue;
      }
      files.push(`${rel}/`, ...listFiles(root, rel));
    } else if (!SKIPPED_FILES.has(name)) {
      files.push(rel);
    }
  }
  return files;
}

type Pack = ReturnType<typeof pack>;

/** Files up to this size are read in one go; larger ones (1 GB relation segments) are streamed. */
const WHOLE_FILE_BYTES = 4 * 1024 * 1024;
/** Synchronous reads run in slices of at most this long, then requests get their turn. */
const SLICE_MS = 15;

function addEntry(tar: Pack, header: Parameters<Pack['entry']>[0], content?: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) => tar.entry(header, content ?? '', (err) => (err ? reject(err) : resolve())));
}

/**
 * Adds the files to the archive. Most of PostgreSQL's files are small: they are read synchronously, a
 * slice of about 15 ms at a time (waiting for each one's own read callback under load made a backup
 * of a busy database take minutes); large files are streamed.
 */
async function addFiles(tar: Pack, root: string, files: string[]): Promise<void> {
  let sliceStart = Date.now();
  for (const rel of files) {
    if (Date.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = Date.now();
    }
    if (rel.endsWith('/')) {
      await addEntry(tar, { name: rel, type: 'directory', mode: 0o700 });
      continue;
    }
    const full = path.join(root, rel);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) continue; // removed meanwhile: a temporary file of the running server
    if (stat.size <= WHOLE_FILE_BYTES) {
      let content: Buffer;
      try {
        content = readFileSync(full);
      } catch {
        continue;
      }
      await addEntry(tar, { name: rel, size: content.length, mode: 0o600, mtime: stat.mtime }, content);
      continue;
    }
    // The file may grow while it is read; the entry takes the size seen now (WAL replay repairs the rest).
    const entry = tar.entry({ name: rel, size: stat.size, mode: 0o600, mtime: stat.mtime });
    await pipeline(createReadStream(full, { start: 0, end: stat.size - 1 }), entry);
    sliceStart = Date.now();
  }
}

let backupRunning = false;
let backupFinished: Promise<unknown> = Promise.resolve();

export class BackupInProgressError extends Error {}

export interface RunningBackup {
  /** The .tar.gz bytes. */
  stream: Readable;
  /** Settles when the whole backup has been produced. */
  done: Promise<{ files: number }>;
}

/**
 * Starts a backup of the embedded database in `pgdataDir`. Resolves once PostgreSQL has begun it (so a
 * refusal, such as another backup running, comes before any byte), with the stream to send on.
 */
export async function startEmbeddedBackup(db: Database, pgdataDir: string, { waitForRunning = false } = {}): Promise<RunningBackup> {
  // PostgreSQL allows one backup per session, and the embedded database has one session.
  while (backupRunning && waitForRunning) await backupFinished;
  if (backupRunning) throw new BackupInProgressError('A backup is already running. Try again when it has finished.');
  backupRunning = true;
  try {
    await queryRows(db, sql`select pg_backup_start(${`ai-prompts-database ${new Date().toISOString()}`}, true)`);
  } catch (err) {
    backupRunning = false;
    throw err;
  }
  const tar = pack();
  // Fast compression: most of an empty database is zeroes, and gzip runs off the event loop anyway.
  const stream = tar.pipe(createGzip({ level: 1 }));
  const done = (async () => {
    let stopped = false;
    try {
      const files = listFiles(pgdataDir);
      await addFiles(tar, pgdataDir, files);
      const [stop] = await queryRows(db, sql`select labelfile, spcmapfile from pg_backup_stop(true)`);
      stopped = true;
      const wal = readdirSync(path.join(pgdataDir, 'pg_wal')).filter((n) => /^[0-9A-F]{24}$/.test(n));
      await addFiles(
        tar,
        pgdataDir,
        wal.map((name) => `pg_wal/${name}`),
      );
      await addEntry(tar, { name: 'backup_label', mode: 0o600 }, String(stop!.labelfile));
      if (stop!.spcmapfile) await addEntry(tar, { name: 'tablespace_map', mode: 0o600 }, String(stop!.spcmapfile));
      tar.finalize();
      return { files: files.length + wal.length };
    } catch (err) {
      stream.destroy(err as Error);
      throw err;
    } finally {
      if (!stopped) await queryRows(db, sql`select pg_backup_stop(false)`).catch(() => {});
      backupRunning = false;
    }
  })();
  done.catch(() => {}); // the caller reads the outcome from `done`; never an unhandled rejection
  backupFinished = done.catch(() => {});
  return { stream, done };
}

/** Writes a backup to `out` (a file, a socket) and resolves when it is complete. */
export async function writeEmbeddedBackup(db: Database, pgdataDir: string, out: Writable): Promise<{ files: number }> {
  const backup = await startEmbeddedBackup(db, pgdataDir);
  await pipeline(backup.stream, out);
  return backup.done;
}

/** Unpacks a backup into `pgdataDir`, which must not hold a database yet. */
export async function restoreEmbeddedBackup(input: Readable, pgdataDir: string): Promise<{ files: number }> {
  if (statSync(pgdataDir, { throwIfNoEntry: false })?.isDirectory() && readdirSync(pgdataDir).length) {
    throw new Error(`${pgdataDir} is not empty: restore into an empty DATA_DIR`);
  }
  mkdirSync(pgdataDir, { recursive: true, mode: 0o700 });
  const root = path.resolve(pgdataDir);
  let files = 0;
  const unpack = extract();
  unpack.on('entry', (header, stream, next) => {
    const target = path.resolve(root, header.name);
    if (target !== root && !target.startsWith(`${root}${path.sep}`)) {
      stream.resume();
      return next(new Error(`Refusing a backup entry outside the data folder: ${header.name}`));
    }
    const done = (err?: unknown) => next(err as Error | undefined);
    if (header.type === 'directory') {
      stream.resume();
      mkdir(target, { recursive: true, mode: 0o700 }).then(() => done(), done);
      return;
    }
    files++;
    mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
      .then(() => pipeline(stream, createWriteStream(target, { mode: 0o600 })))
      .then(() => done(), done);
  });
  await pipeline(input, createGunzip(), unpack);
  return { files };
}

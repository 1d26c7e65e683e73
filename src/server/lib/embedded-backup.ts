import { createWriteStream, mkdirSync, readdirSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { extract } from 'tar-stream';
import { type Database, queryRows } from '../db/client';
import { type BackupWorkerInput, type FromBackupWorker, startWalFileOf, type ToBackupWorker } from './embedded-backup-protocol';

/**
 * Online backups of the embedded database, PostgreSQL's own way: `pg_backup_start` (a checkpoint, and
 * full-page writes from then on), a copy of the data files read while the app keeps serving, then
 * `pg_backup_stop`, the write-ahead log of the backup period, and the backup label. Restoring the files
 * and opening them replays that log, so the copy holds everything committed before the backup began,
 * and is consistent as of its end. PGlite runs on the main thread, so only the two statements run
 * there: reading, archiving and compressing the files happens in a worker thread
 * (embedded-backup.worker.ts), and the main thread just passes the compressed chunks on.
 */

/**
 * The worker thread copying the files. Once bundled (dist/server/main.js) its entry is built beside
 * the bundle. From the sources (tsx, tests) it is the TypeScript file beside this one, which the new
 * thread can load only once it has registered tsx itself: on Node 20 a thread does not inherit the
 * loader given to the process with --import.
 */
function startBackupWorker(input: BackupWorkerInput): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./embedded-backup.worker.js', import.meta.url), { workerData: input });
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./embedded-backup.worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: input });
}

let backupRunning = false;
let backupFinished: Promise<unknown> = Promise.resolve();
/** A checkpoint asked for by embedded-wal.ts, which a backup starting meanwhile waits for. */
let checkpointRunning: Promise<unknown> | null = null;

/**
 * Takes a checkpoint unless a backup is running: one then would let PostgreSQL recycle WAL segments
 * written since the backup began, which the backup still has to copy. Resolves whether it ran.
 */
export async function checkpointUnlessBackingUp(db: Database): Promise<boolean> {
  if (backupRunning || checkpointRunning) return false;
  checkpointRunning = queryRows(db, sql`checkpoint`);
  try {
    await checkpointRunning;
    return true;
  } finally {
    checkpointRunning = null;
  }
}

export class BackupInProgressError extends Error {}

export interface RunningBackup {
  /** The .tar.gz bytes. */
  stream: Readable;
  /** Settles when the whole backup has been produced. */
  done: Promise<{ files: number }>;
}

export interface BackupOptions {
  /** Wait for a running backup to finish instead of refusing with BackupInProgressError. */
  waitForRunning?: boolean;
  /** Runs once the data files are copied, just before pg_backup_stop (tests hold the backup open there). */
  beforeStop?: () => Promise<void>;
}

/**
 * Starts a backup of the embedded database in `pgdataDir`. Resolves once PostgreSQL has begun it (so a
 * refusal, such as another backup running, comes before any byte), with the stream to send on.
 * Everything committed before it resolves is in the backup; writes made while it runs may or may not be.
 */
export async function startEmbeddedBackup(db: Database, pgdataDir: string, { waitForRunning = false, beforeStop }: BackupOptions = {}): Promise<RunningBackup> {
  // PostgreSQL allows one backup per session, and the embedded database has one session.
  for (;;) {
    if (checkpointRunning) await checkpointRunning.catch(() => {});
    else if (backupRunning && waitForRunning) await backupFinished;
    else break;
  }
  if (backupRunning) throw new BackupInProgressError('A backup is already running. Try again when it has finished.');
  backupRunning = true;
  try {
    await queryRows(db, sql`select pg_backup_start(${`ai-prompts-database ${new Date().toISOString()}`}, true)`);
  } catch (err) {
    backupRunning = false;
    throw err;
  }
  const worker = startBackupWorker({ pgdataDir });
  const tell = (message: ToBackupWorker) => worker.postMessage(message);
  // How busy this thread is, ten times a second: the worker slows down as it fills (workShare).
  let lastUtilization = performance.eventLoopUtilization();
  const pacing = setInterval(() => {
    const now = performance.eventLoopUtilization();
    tell({ type: 'pace', busy: performance.eventLoopUtilization(now, lastUtilization).utilization });
    lastUtilization = now;
  }, 100);
  pacing.unref();
  // Chunks the worker may not send yet because this stream's reader has not caught up.
  let creditsOwed = 0;
  let complete = false;
  const stream = new Readable({
    read() {
      for (; creditsOwed > 0; creditsOwed--) tell({ type: 'credit' });
    },
  });

  let stopped = false;
  const produced = new Promise<{ files: number }>((resolve, reject) => {
    const stop = async () => {
      await beforeStop?.();
      const [row] = await queryRows(db, sql`select labelfile, spcmapfile, pg_walfile_name(lsn) as stop_wal_file from pg_backup_stop(true)`);
      stopped = true;
      const labelfile = String(row!.labelfile);
      tell({
        type: 'stopped',
        labelfile,
        spcmapfile: row!.spcmapfile ? String(row!.spcmapfile) : '',
        startWalFile: startWalFileOf(labelfile),
        stopWalFile: String(row!.stop_wal_file),
      });
    };
    worker.on('message', (message: FromBackupWorker) => {
      if (message.type === 'chunk') {
        if (stream.push(Buffer.from(message.bytes))) tell({ type: 'credit' });
        else creditsOwed++;
      } else if (message.type === 'files-copied') {
        stop().catch(reject);
      } else {
        complete = true;
        stream.push(null);
        resolve({ files: message.files });
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`The backup's worker thread ended (exit code ${code}) before the backup was complete`)));
    // The reader went away (a download cancelled, a socket closed): the backup ends here.
    stream.on('close', () => reject(new Error('The backup was abandoned before it was complete')));
  });

  const done = (async () => {
    try {
      return await produced;
    } catch (err) {
      if (!complete) stream.destroy(err as Error);
      throw err;
    } finally {
      clearInterval(pacing);
      await worker.terminate();
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

/**
 * The file-copying half of an embedded database backup, run in a worker thread (embedded-backup.ts
 * starts it between pg_backup_start and pg_backup_stop). PGlite runs on the main thread, where every
 * query blocks the event loop: reading, archiving and compressing a data folder there, even in short
 * slices, took turns with requests and stretched a backup under write load to minutes while they
 * queued. Here it runs beside the main thread, which only forwards the finished .tar.gz chunks.
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { type BackupWorkerInput, type FromBackupWorker, type ToBackupWorker, walSegmentsBetween, workShare } from './embedded-backup-protocol';

/** Folders whose contents PostgreSQL rebuilds or never needs in a base backup (pg_wal comes last). */
const SKIPPED = new Set(['pg_wal', 'pg_stat_tmp', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']);
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);
/** Files up to this size are read in one go; larger ones (WAL segments, relation segments) in pieces. */
const WHOLE_FILE_BYTES = 4 * 1024 * 1024;
const PIECE_BYTES = 1024 * 1024;
/** The archive is compressed and sent to the main thread in chunks of this much of it... */
const UNCOMPRESSED_CHUNK_BYTES = 4 * 1024 * 1024;
/** ...and at most this many ahead of what its reader has taken (the rest waits here, not in memory there). */
const CHUNKS_AHEAD = 8;

function listFiles(root: string, relative = ''): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(root, relative))) {
    const rel = relative ? `${relative}/${name}` : name;
    const stat = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!stat) continue; // removed meanwhile: a temporary file of the running database
    if (stat.isDirectory()) {
      files.push(`${rel}/`);
      const skipped = !relative && SKIPPED.has(name);
      if (!skipped) files.push(...listFiles(root, rel));
    } else if (!SKIPPED_FILES.has(name)) {
      files.push(rel);
    }
  }
  return files;
}

type Pack = ReturnType<typeof pack>;

/**
 * Spreads the work out while the main thread is busy (see `workShare`): after each 20 ms or so of
 * work, a pause in proportion to it.
 */
class Pacer {
  private busy = 0;
  private workingSince = performance.now();

  report(busy: number): void {
    this.busy = busy;
  }

  async breathe(): Promise<void> {
    const worked = performance.now() - this.workingSince;
    if (worked < 20) return;
    const share = workShare(this.busy);
    if (share < 1) await new Promise((resolve) => setTimeout(resolve, worked * (1 / share - 1)));
    this.workingSince = performance.now();
  }
}

const pacer = new Pacer();

function addEntry(tar: Pack, header: Parameters<Pack['entry']>[0], content?: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) => tar.entry(header, content ?? '', (err) => (err ? reject(err) : resolve())));
}

/**
 * Exactly `size` bytes of a file that the database may extend or truncate while it is read: the entry
 * takes the size seen when listing, padded with zeroes if the file shrank (replaying the WAL of the
 * backup period repairs both cases, as it repairs a page read half-written).
 */
async function addLargeFile(tar: Pack, full: string, rel: string, size: number, mtime: Date): Promise<void> {
  let entry!: ReturnType<Pack['entry']>;
  const archived = new Promise<void>((resolve, reject) => {
    entry = tar.entry({ name: rel, size, mode: 0o600, mtime }, (err) => (err ? reject(err) : resolve()));
  });
  const fd = openSync(full, 'r');
  try {
    for (let offset = 0; offset < size;) {
      const piece = Buffer.alloc(Math.min(PIECE_BYTES, size - offset));
      readSync(fd, piece, 0, piece.length, offset);
      offset += piece.length;
      if (!entry.write(piece)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
      await pacer.breathe();
    }
  } finally {
    closeSync(fd);
  }
  entry.end(null);
  await archived;
}

async function addFiles(tar: Pack, root: string, files: string[]): Promise<number> {
  let added = 0;
  for (const rel of files) {
    await pacer.breathe();
    if (rel.endsWith('/')) {
      await addEntry(tar, { name: rel, type: 'directory', mode: 0o700 });
      continue;
    }
    const full = path.join(root, rel);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) continue; // removed meanwhile: a temporary file of the running database
    if (stat.size > WHOLE_FILE_BYTES) {
      await addLargeFile(tar, full, rel, stat.size, stat.mtime);
    } else {
      let content: Buffer;
      try {
        content = readFileSync(full);
      } catch {
        continue; // removed between stat and read
      }
      await addEntry(tar, { name: rel, size: content.length, mode: 0o600, mtime: stat.mtime }, content);
    }
    added++;
  }
  return added;
}

/**
 * Compresses the archive and sends it to the main thread in chunks, holding back once CHUNKS_AHEAD
 * are unread there: a slow reader (a download, a socket) slows the backup instead of filling memory.
 * Each chunk is a gzip member of its own, compressed here and synchronously (not on libuv's shared
 * thread pool), so that all of the backup's work runs on this thread, paced by the Pacer; gzip readers
 * take concatenated members as one stream.
 */
class CompressingSender extends Writable {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private credits = CHUNKS_AHEAD;
  private onCredit: (() => void) | undefined;

  constructor(private readonly port: NonNullable<typeof parentPort>) {
    super();
  }

  credit(): void {
    this.credits++;
    const wake = this.onCredit;
    this.onCredit = undefined;
    wake?.();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < UNCOMPRESSED_CHUNK_BYTES) return callback();
    this.send().then(() => callback(), callback);
  }

  override _final(callback: (err?: Error | null) => void): void {
    this.send().then(() => callback(), callback);
  }

  private async send(): Promise<void> {
    if (!this.pendingBytes) return;
    while (this.credits === 0) await new Promise<void>((resolve) => (this.onCredit = resolve));
    this.credits--;
    // Fast compression: most of a database's free space is zeroes.
    const bytes = gzipSync(Buffer.concat(this.pending, this.pendingBytes), { level: 1 });
    this.pending = [];
    this.pendingBytes = 0;
    // A buffer of its own (not a view into a shared one), so it can be moved, not copied.
    const moved = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    this.port.postMessage({ type: 'chunk', bytes: moved } satisfies FromBackupWorker, [moved]);
    await pacer.breathe();
  }
}

async function run(port: NonNullable<typeof parentPort>, { pgdataDir }: BackupWorkerInput): Promise<void> {
  const sender = new CompressingSender(port);
  let stopped: ((message: Extract<ToBackupWorker, { type: 'stopped' }>) => void) | undefined;
  const whenStopped = new Promise<Extract<ToBackupWorker, { type: 'stopped' }>>((resolve) => (stopped = resolve));
  port.on('message', (message: ToBackupWorker) => {
    if (message.type === 'credit') sender.credit();
    else if (message.type === 'pace') pacer.report(message.busy);
    else stopped!(message);
  });

  const tar = pack();
  const written = pipeline(tar, sender);
  written.catch(() => {}); // awaited below; a failure there also fails the entries being added
  const files = listFiles(pgdataDir);
  let added = await addFiles(tar, pgdataDir, files);
  port.postMessage({ type: 'files-copied' } satisfies FromBackupWorker);

  // The main thread has run pg_backup_stop: the WAL from the backup's start to its end goes in, then
  // the label that tells PostgreSQL where replaying it must begin.
  const { labelfile, spcmapfile, startWalFile, stopWalFile } = await whenStopped;
  const wal = walSegmentsBetween(
    readdirSync(path.join(pgdataDir, 'pg_wal')),
    startWalFile,
    stopWalFile,
    (name) => statSync(path.join(pgdataDir, 'pg_wal', name)).size,
  );
  added += await addFiles(
    tar,
    pgdataDir,
    wal.map((name) => `pg_wal/${name}`),
  );
  await addEntry(tar, { name: 'backup_label', mode: 0o600 }, labelfile);
  if (spcmapfile) await addEntry(tar, { name: 'tablespace_map', mode: 0o600 }, spcmapfile);
  tar.finalize();
  await written;
  port.postMessage({ type: 'finished', files: added + 1 } satisfies FromBackupWorker);
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  // An error ends the thread with it: the main thread sees it as the worker's 'error' event. Once done,
  // the port no longer keeps the thread alive, and it ends after its last message has gone.
  await run(port, workerData as BackupWorkerInput);
  port.unref();
}

/** What embedded-backup.ts and its worker thread (embedded-backup.worker.ts) say to each other. */

export interface BackupWorkerInput {
  pgdataDir: string;
}

export type ToBackupWorker =
  /** The main thread has taken one more chunk: the worker may send another. */
  | { type: 'credit' }
  /** How busy the main thread's event loop was lately (0 to 1): the worker slows down as it fills. */
  | { type: 'pace'; busy: number }
  /** pg_backup_stop has run: the WAL segments from `startWalFile` to `stopWalFile` and the label go in. */
  | { type: 'stopped'; labelfile: string; spcmapfile: string; startWalFile: string; stopWalFile: string };

export type FromBackupWorker =
  /** The next bytes of the .tar.gz (moved, not copied). */
  | { type: 'chunk'; bytes: ArrayBuffer }
  /** The data files are in: time for pg_backup_stop. */
  | { type: 'files-copied' }
  /** The archive is complete and every chunk has been sent. */
  | { type: 'finished'; files: number };

/**
 * The share of its time the worker may work while the main thread is `busy` (its event loop
 * utilisation): all of it up to half busy, then less and less, down to a fifth from 90% busy. Reading
 * and compressing beside PGlite slowed its queries by about a fifth even on another core, at any nice
 * value (memory and cache are shared), which a busy main thread turns into queueing. A fifth still
 * finishes a backup in bounded time, where waiting for idle moments did not.
 */
export function workShare(busy: number): number {
  if (busy <= 0.5) return 1;
  if (busy >= 0.9) return 0.2;
  return 1 - ((busy - 0.5) / 0.4) * 0.8;
}

const SEGMENT_NAME = /^[0-9A-F]{24}$/;

/** The segment file holding the backup's start, from the label pg_backup_stop returns. */
export function startWalFileOf(labelfile: string): string {
  const file = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(labelfile)?.[1];
  if (!file) throw new Error('The backup label names no start WAL file');
  return file;
}

/**
 * The WAL segments from `start` to `stop` among the files of pg_wal: what replaying the backup period
 * needs, and nothing more (pg_wal also holds older segments and recycled ones waiting to be reused).
 * Throws if one is missing, as the copy would not restore without it.
 */
export function walSegmentsBetween(names: string[], start: string, stop: string, sizeOf: (name: string) => number): string[] {
  const segments = names.filter((n) => SEGMENT_NAME.test(n) && n >= start && n <= stop).sort();
  // A name is timeline, log id and segment within the log id (8 hex digits each); a log id holds 4 GiB.
  const perLogId = segments[0] === start ? 0x1_0000_0000 / sizeOf(start) : NaN;
  const index = (name: string) => parseInt(name.slice(8, 16), 16) * perLogId + parseInt(name.slice(16), 16);
  const expected = start.slice(0, 8) === stop.slice(0, 8) ? index(stop) - index(start) + 1 : NaN;
  if (segments.length !== expected) {
    throw new Error(`The write-ahead log from ${start} to ${stop} is not all in pg_wal (found ${segments.length} segments): the backup would not restore`);
  }
  return segments;
}

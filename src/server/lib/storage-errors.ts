import { statfsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { pgErrorCode } from '../errors';

/**
 * SQLSTATE 53100 (disk_full) is what PostgreSQL, and PGlite on a data folder that cannot grow, raise
 * when a table, an index or a temporary file cannot be extended: "could not extend file …: No space
 * left on device". The class code 53000 (insufficient_resources) is raised with its own message by
 * extensions and by some file writes; it means a full disk only when it says so.
 */
const DISK_FULL = '53100';
const INSUFFICIENT_RESOURCES = '53000';
const SPACE_WORDS = /no space left|disk (is )?full|free disk space|out of (disk )?space|ENOSPC/i;
/** The operating system's own words for ENOSPC, carried by errors that have no SQLSTATE. */
const NO_SPACE_LEFT = /no space left on device|ENOSPC/i;

/** Whether an error (or any error it wraps) says the database's disk is full. */
export function isStorageFull(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code === DISK_FULL) return true;
  // Any other SQLSTATE is another failure, unless it is the class code and its words say "space".
  if (code !== undefined && code !== INSUFFICIENT_RESOURCES) return false;
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code: errno, message, hint } = e as { code?: unknown; message?: unknown; hint?: unknown };
    // A file system error that reached us without a SQLSTATE (the embedded engine's own files).
    if (errno === 'ENOSPC') return true;
    const words = code === INSUFFICIENT_RESOURCES ? SPACE_WORDS : NO_SPACE_LEFT;
    if ([message, hint].some((text) => typeof text === 'string' && words.test(text))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A full disk is not freed in seconds: clients are told to wait a minute before trying again. */
export const STORAGE_RETRY_AFTER_S = 60;
export const STORAGE_FULL_MESSAGE = "The server's disk is full: changes cannot be saved until space is freed. Nothing already saved is lost.";

/**
 * Free space the embedded database keeps in reserve. PGlite meets a full disk well while a table
 * cannot grow (the statement fails with disk_full and the engine goes on), but not when its write-ahead
 * log or a checkpoint cannot write: it then reports the error once and spins for ever on its next
 * write, holding the event loop. Writes are refused below this reserve, which holds a new 16 MB log
 * segment and the checkpoint's files several times over, so the engine itself never meets the wall.
 */
const EMBEDDED_FREE_SPACE_RESERVE_BYTES = 64 * 1024 * 1024;

export type StorageStatus = { writable: true } | { writable: false; reason: string };

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

/** Free space on the file system holding the embedded database's folder, against the reserve. */
function embeddedStorageStatus(dataDir: string): StorageStatus {
  const { bavail, bsize } = statfsSync(dataDir);
  const free = Number(bavail) * Number(bsize);
  if (free >= EMBEDDED_FREE_SPACE_RESERVE_BYTES) return { writable: true };
  return {
    writable: false,
    reason: `The disk of the database folder has ${megabytes(free)} free; writes stop below ${megabytes(EMBEDDED_FREE_SPACE_RESERVE_BYTES)}.`,
  };
}

/**
 * Whether PostgreSQL can give the database new space now: a new table of this transaction's own,
 * given one row, which must allocate a page in the database's tablespace. It costs one 8 kB file and
 * a few catalog rows, and fails with disk_full exactly when a table of the app could not grow.
 * Temporary: its rows skip the write-ahead log, and it is dropped at commit.
 */
async function probeDatabaseWrite(db: Database): Promise<StorageStatus> {
  try {
    await db.transaction(async (tx) => {
      // Dropped at commit: nothing of it outlives the transaction (a pooler hands the connection on).
      await tx.execute(sql`create temporary table apd_write_probe_tx (n int) on commit drop`);
      await tx.execute(sql`insert into apd_write_probe_tx values (1)`);
    });
    return { writable: true };
  } catch (err) {
    if (!isStorageFull(err)) throw err;
    return { writable: false, reason: 'The database cannot allocate space: its disk is full.' };
  }
}

/** How long a storage check's answer is reused: /readyz may be asked every second by each balancer. */
const STORAGE_CHECK_CACHE_MS = 5_000;

/**
 * The check /readyz and the write guard ask. The embedded database's folder is on this machine: one
 * statfs call, cheap enough to make on every write. On PostgreSQL, a write probe whose result is kept
 * a few seconds, callers arriving meanwhile sharing one probe.
 */
export function createStorageCheck(db: Database, embeddedDataDir: string | undefined, cacheMs = STORAGE_CHECK_CACHE_MS) {
  if (embeddedDataDir) return async (): Promise<StorageStatus> => embeddedStorageStatus(embeddedDataDir);
  let last: { at: number; status: Promise<StorageStatus> } | undefined;
  return (): Promise<StorageStatus> => {
    if (last && Date.now() - last.at < cacheMs) return last.status;
    const status = probeDatabaseWrite(db);
    last = { at: Date.now(), status };
    // A failed probe (the database unreachable) is not kept: the next caller asks again.
    status.catch(() => {
      if (last?.status === status) last = undefined;
    });
    return status;
  };
}

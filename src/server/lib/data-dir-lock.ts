import { closeSync, mkdirSync, openSync, readFileSync, realpathSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Who holds a data folder: enough to tell a live holder from a dead one, a reused pid or a copy. */
interface LockOwner {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so a reused pid is not mistaken for it. */
  startTime: string | null;
  bootId: string | null;
  /** The folder the lock was taken for: a copied folder carries a lock that names the original. */
  folder: string;
}

function readProc(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/PID/stat (after the parenthesised command name, which may hold spaces). */
function processStartTime(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

const bootId = () => readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function currentOwner(folder: string): LockOwner {
  return { pid: process.pid, startTime: processStartTime(process.pid), bootId: bootId(), folder };
}

/** Whether the lock's owner is a process that runs now and holds this very folder. */
function holdsFolder(owner: Partial<LockOwner>, folder: string): boolean {
  if (typeof owner.pid !== 'number' || owner.pid === process.pid) return false;
  if (owner.folder !== folder) return false;
  if (owner.bootId && owner.bootId !== bootId()) return false;
  if (!isAlive(owner.pid)) return false;
  // Where /proc is missing (not Linux), a live pid is taken at its word.
  return !owner.startTime || owner.startTime === processStartTime(owner.pid);
}

function readOwner(lockPath: string): Partial<LockOwner> | undefined {
  const text = readProc(lockPath);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as Partial<LockOwner>;
  } catch {
    // A lock written by an older version holds only a pid; an empty or torn one holds nothing.
    const pid = Number.parseInt(text, 10);
    return Number.isInteger(pid) ? { pid } : {};
  }
}

/** Creates `file` only if it does not exist (atomic), holding `content`; false if it exists. */
function createExclusive(file: string, content: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, content);
    closeSync(fd);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

export class DataDirLockedError extends Error {}

const TAKEOVER_STALE_MS = 10_000;

/**
 * PGlite takes no lock of its own, and two processes on one folder lose rows. We hold `app.lock`, taken
 * by an exclusive create (atomic). A lock whose owner is gone (dead, a reused pid, another boot, or the
 * lock came with a copied folder) is stale; to replace it a process must first hold `app.lock.takeover`
 * (also an exclusive create), so two processes that both found it stale cannot both take it over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const folder = realpathSync(dataDir);
  const lockPath = path.join(folder, 'app.lock');
  const takeoverPath = `${lockPath}.takeover`;
  const mine = JSON.stringify(currentOwner(folder));
  const release = () => rmSync(lockPath, { force: true });

  for (let attempt = 0; attempt < 150; attempt++) {
    if (createExclusive(lockPath, mine)) return release;
    const owner = readOwner(lockPath);
    if (owner && holdsFolder(owner, folder)) {
      throw new DataDirLockedError(
        `Another AI Prompts Database process (pid ${owner.pid}) is already using DATA_DIR ${folder}. ` + 'Stop it first, or point DATA_DIR at another folder.',
      );
    }
    if (createExclusive(takeoverPath, mine)) {
      try {
        // Still the same stale lock (nobody replaced it meanwhile)? Then it is ours to remove.
        if (JSON.stringify(readOwner(lockPath)) === JSON.stringify(owner)) rmSync(lockPath, { force: true });
        if (createExclusive(lockPath, mine)) return release;
      } finally {
        rmSync(takeoverPath, { force: true });
      }
    } else {
      // Someone else is taking over. A takeover file left by a process that died is cleared (not at once:
      // a file just created may not hold its owner yet).
      const age = Date.now() - (statSync(takeoverPath, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      const taker = readOwner(takeoverPath);
      if (age > TAKEOVER_STALE_MS || (age > 1_000 && !(taker && holdsFolder(taker, folder)))) rmSync(takeoverPath, { force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  throw new DataDirLockedError(`Could not take the lock file ${lockPath}`);
}

import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';

/** A name that sorts by time: ai-prompts-backup-2026-11-23T21-10-00.tar.gz */
export function backupFileName(now = new Date()): string {
  return `ai-prompts-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}.tar.gz`;
}

/**
 * `produce` writes the file at the path it is given (`file` + ".partial"), which is renamed into place
 * only once complete, so a backup folder never holds a truncated file under a final name.
 */
export async function writeFileAtomically(file: string, produce: (partialPath: string) => Promise<unknown>): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await produce(partial);
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

/** A private file stream for backup bytes. */
export const backupFileStream = (file: string): Writable => createWriteStream(file, { mode: 0o600 });

/** Keeps the `keep` newest backups in `dir` and removes the older ones. */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = readdirSync(dir)
    .filter((n) => /^ai-prompts-backup-.*\.tar\.gz$/.test(n))
    .sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

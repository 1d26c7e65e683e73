import path from 'node:path';
import type { Database } from '../db/client';
import { backupFileName, backupFileStream, pruneBackups, writeFileAtomically } from './backup-files';
import { BackupInProgressError, writeEmbeddedBackup } from './embedded-backup';

interface ScheduleOptions {
  db: Database;
  pgdataDir: string;
  backupDir: string;
  intervalHours: number;
  keep: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Every BACKUP_INTERVAL_HOURS a backup into BACKUP_DIR, keeping the BACKUP_KEEP newest. */
export function scheduleBackups({ db, pgdataDir, backupDir, intervalHours, keep, log }: ScheduleOptions): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const runOnce = async () => {
    const file = path.join(path.resolve(backupDir), backupFileName());
    try {
      await writeFileAtomically(file, (partial) => writeEmbeddedBackup(db, pgdataDir, backupFileStream(partial)));
      const removed = pruneBackups(path.dirname(file), keep);
      log.info({ event: 'backup', via: 'schedule', file, removed }, 'scheduled backup written');
    } catch (err) {
      if (err instanceof BackupInProgressError) log.warn({ event: 'backup', via: 'schedule' }, 'scheduled backup skipped: another backup is running');
      else log.error({ event: 'backup', via: 'schedule', err }, 'scheduled backup failed');
    }
  };
  const timer = setInterval(() => {
    running ??= runOnce().finally(() => (running = undefined));
  }, intervalHours * 3_600_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

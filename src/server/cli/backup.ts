// npm run backup -- --out FILE
// A consistent copy of the embedded database, taken from the running server (through its socket in
// DATA_DIR) or, when none runs, straight from the data folder.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { backupFileStream, writeFileAtomically } from '../lib/backup-files';
import { requestBackupFromServer } from '../lib/backup-socket';
import { acquireDataDirLock, DataDirLockedError } from '../lib/data-dir-lock';

async function main() {
  const outIndex = process.argv.indexOf('--out');
  const out = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
  if (!out) throw new ConfigError('Usage: npm run backup -- --out FILE   (for example --out backups/prompts.tar.gz)');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError('DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g. pg_dump -Fc -f prompts.dump "$DATABASE_URL"');
  }
  const file = path.resolve(out);
  let via = 'the running server';
  await writeFileAtomically(file, async (partial) => {
    const fd = openSync(partial, 'w', 0o600);
    let served: boolean;
    try {
      served = await requestBackupFromServer(path.join(config.dataDir, 'backup.sock'), (chunk) => writeSync(fd, chunk));
    } finally {
      closeSync(fd);
    }
    if (served) return;
    via = 'the data folder (no server was running)';
    // Loaded only now: the database and its driver cost a second of CPU to load, which a backup from
    // the running server (the usual case) would take from that server on a small machine.
    const [{ openDatabase }, { writeEmbeddedBackup }] = await Promise.all([import('../db/client'), import('../lib/embedded-backup')]);
    const release = acquireDataDirLock(config.dataDir);
    try {
      const pgdata = path.join(config.dataDir, 'pglite');
      if (!statSync(pgdata, { throwIfNoEntry: false })) throw new ConfigError(`No embedded database in ${path.resolve(pgdata)}`);
      const handle = await openDatabase({ kind: 'pglite', dir: pgdata });
      try {
        await writeEmbeddedBackup(handle.db, pgdata, backupFileStream(partial));
      } finally {
        await handle.close();
      }
    } finally {
      release();
    }
  });
  console.log(`Backup written to ${file} (${statSync(file).size} bytes) from ${via}.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : `Backup failed: ${(err as Error).message}`);
  process.exit(1);
});

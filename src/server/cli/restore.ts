// npm run restore -- FILE
// Unpacks a backup made by `npm run backup` (or downloaded from Administration) into an empty DATA_DIR,
// then opens it once so PostgreSQL replays the log written during the backup.
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, queryRows } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../lib/data-dir-lock';
import { restoreEmbeddedBackup } from '../lib/embedded-backup';

async function main() {
  const file = process.argv[2];
  if (!file || !statSync(file, { throwIfNoEntry: false })?.isFile())
    throw new ConfigError('Usage: npm run restore -- FILE   (a .tar.gz made by npm run backup)');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError('DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g. pg_restore -d "$DATABASE_URL" prompts.dump');
  }
  const release = acquireDataDirLock(config.dataDir);
  try {
    const pgdata = path.join(config.dataDir, 'pglite');
    await restoreEmbeddedBackup(createReadStream(file), pgdata);
    const handle = await openDatabase({ kind: 'pglite', dir: pgdata });
    try {
      const [counts] = await queryRows(handle.db, sql`select (select count(*) from prompts)::int as prompts, (select count(*) from users)::int as users`);
      console.log(`Restored ${counts!.prompts} prompts and ${counts!.users} users into ${path.resolve(config.dataDir)}. Start the app with npm start.`);
    } finally {
      await handle.close();
    }
  } finally {
    release();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : `Restore failed: ${(err as Error).message}`);
  process.exit(1);
});

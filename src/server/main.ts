import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, configWarnings, loadConfig } from './config';
import { openDatabase } from './db/client';
import { describeTls, pgConnection } from './db/connection-tls';
import { waitForPostgres } from './db/wait-for-postgres';
import { DataDirLockedError, acquireDataDirLock } from './lib/data-dir-lock';
import { DatabaseUnreachableError } from './lib/database-errors';
import { keepEmbeddedStatistics } from './lib/embedded-statistics';
import { scheduleBackups } from './lib/backup-schedule';
import { startCacheSync } from './lib/cache-sync';
import { runClusterPrimary } from './lib/cluster-primary';
import { dropPromptCaches, dropViewerCaches } from './lib/prompt-derived-cache';
import { serveBackupSocket } from './lib/backup-socket';
import { startEmbeddedBackup } from './lib/embedded-backup';
import { keepEmbeddedWalBounded } from './lib/embedded-wal';
import { installGracefulShutdown, trackConnections } from './lib/graceful-shutdown';
import { startHousekeeping } from './lib/housekeeping';
import { createMailer } from './lib/mailer';
import { startInboxDelivery } from './modules/inbox/inbox.delivery';
import { startBandUpkeep } from './modules/similarity/similarity.bands';
import { startClusterJobRunner } from './modules/library-health/duplicate-clusters.job';
import { ensureBootstrapAdmin } from './modules/auth/auth.service';
import { countUsers } from './modules/users/users.repo';
import { dropUserCaches } from './lib/user-derived-cache';

async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return runClusterPrimary(config.workers, config.shutdownTimeoutS);
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  // A PostgreSQL server booting with us, or restarting, gets DB_CONNECT_RETRY_S to come up.
  const caFile = config.databaseCaFile;
  const waitFor = (url: string, setting: string) =>
    waitForPostgres(url, { retryS: config.connectRetryS, report: (line) => console.error(line), caFile, setting });
  // Behind a pooler, PostgreSQL itself first: the pooled URL is first used once the role has been given
  // our session settings (at the end of the migrations), so no pooled connection starts without them.
  if (config.databaseDirectUrl) await waitFor(config.databaseDirectUrl, 'DATABASE_DIRECT_URL');
  else if (config.databaseUrl) await waitFor(config.databaseUrl, 'DATABASE_URL');
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, directUrl: config.databaseDirectUrl, statementTimeoutMs: config.statementTimeoutMs, caFile }
      : { kind: 'pglite', dir: path.join(config.dataDir, 'pglite') },
  );
  const bootstrapOutcome = await handle.withStartupLock(async () => {
    await handle.migrate();
    if (!config.adminEmail || !config.adminPassword) return undefined;
    return ensureBootstrapAdmin(handle.db, config.adminEmail, config.adminPassword, config.adminBusinessUnit);
  });
  if (config.databaseUrl && config.databaseDirectUrl) await waitFor(config.databaseUrl, 'DATABASE_URL');

  const pgdataDir = handle.kind === 'pglite' ? path.join(config.dataDir, 'pglite') : undefined;
  const mailer = createMailer(config);
  const app = await buildApp({ config, db: handle.db, mailer, embeddedDataDir: pgdataDir });
  // The embedded database has no autovacuum to keep the planner's statistics.
  const statistics =
    handle.kind === 'pglite' ? keepEmbeddedStatistics(handle.db, (err) => app.log.warn({ err }, 'ANALYZE of the embedded database failed')) : null;
  // Nor a checkpointer to keep its write-ahead log bounded.
  const walBound =
    handle.kind === 'pglite' ? keepEmbeddedWalBounded(handle.db, (err) => app.log.warn({ err }, 'checkpoint of the embedded database failed')) : null;
  if (bootstrapOutcome) app.log.info(`ADMIN_EMAIL ${config.adminEmail}: ${bootstrapOutcome}`);
  // Several instances may share a PostgreSQL database: each tells the others what its writes changed.
  const cacheSync = config.databaseUrl
    ? startCacheSync({
        // LISTEN needs a session of its own: PostgreSQL itself, not a transaction pooler.
        connection: config.databaseDirectUrl
          ? pgConnection(config.databaseDirectUrl, caFile, 'DATABASE_DIRECT_URL').options
          : pgConnection(config.databaseUrl, caFile, 'DATABASE_URL').options,
        drop(kind, subject) {
          if (kind === 'viewer') return void (subject && dropViewerCaches(subject));
          if (kind !== 'sessions') dropPromptCaches(handle.db);
          if (kind !== 'prompts') dropUserCaches();
        },
        log: app.log,
      })
    : null;
  if (cacheSync) await Promise.race([cacheSync.ready, new Promise((r) => setTimeout(r, 5_000).unref())]);
  const backupSocket = pgdataDir
    ? serveBackupSocket(path.join(config.dataDir, 'backup.sock'), () => startEmbeddedBackup(handle.db, pgdataDir, { waitForRunning: true }), app.log)
    : null;
  const backups =
    pgdataDir && config.backupDir
      ? scheduleBackups({
          db: handle.db,
          pgdataDir,
          backupDir: config.backupDir,
          intervalHours: config.backupIntervalHours,
          keep: config.backupKeep,
          log: app.log,
        })
      : null;

  const housekeeping = startHousekeeping({
    db: handle.db,
    retention: { sessionIdleDays: config.sessionIdleDays, trashRetentionDays: config.trashRetentionDays, auditRetentionDays: config.auditRetentionDays },
    log: app.log,
  });

  const inboxDelivery = startInboxDelivery({
    db: handle.db,
    mailer,
    baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    clock: config.clock,
    log: app.log,
  });

  // Near-copies: the band keys of prompts written by any instance (and of all prompts after the upgrade).
  const bandUpkeep = startBandUpkeep({ db: handle.db, log: app.log });
  // The near-copy clusters, when an administrator has asked for them (resumes a run cut short by a restart).
  const clusterJobRunner = startClusterJobRunner({ db: handle.db, log: app.log });

  const connections = trackConnections(app.server);
  installGracefulShutdown({
    timeoutMs: config.shutdownTimeoutS * 1000,
    async drain() {
      await connections.drain();
      await app.close();
      await cacheSync?.stop();
      backupSocket?.close();
      await backups?.stop();
      await housekeeping.stop();
      await inboxDelivery.stop();
      await bandUpkeep.stop();
      await clusterJobRunner.stop();
      statistics?.stop();
      await statistics?.idle();
      await walBound?.stop();
      await handle.close();
    },
    release: releaseLock,
    log: app.log,
  });

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const where = config.databaseUrl
    ? `PostgreSQL (DATABASE_URL, ${describeTls(pgConnection(config.databaseUrl, caFile))})`
    : `the embedded database in ${path.resolve(config.dataDir)}`;
  app.log.info(`AI Prompts Database is running at ${url} on ${where}`);
  // Once per start: with several workers the first one speaks for all.
  if (!cluster.isWorker || cluster.worker?.id === 1) for (const warning of configWarnings(config)) app.log.warn(warning);
  if ((await countUsers(handle.db)) === 0) {
    app.log.info(`First run: open ${url}/auth and choose "Create Account". The first account becomes the administrator.`);
  } else if (config.adminEmail) {
    app.log.info(`Sign in at ${url}/auth as ${config.adminEmail}.`);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof DatabaseUnreachableError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});

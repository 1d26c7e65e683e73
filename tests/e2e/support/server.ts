import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { databaseUrl, freePort, runSql, spawnServer, stopServer, waitForHealth } from './server-process';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  log(): string;
}

/** A fresh database copied from the run's migrated template on the E2E_DATABASE_URL server, or undefined for the embedded one. */
async function freshDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `apd_e2e_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  await runSql(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  return { url: databaseUrl(adminUrl, name), drop: () => runSql(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * Starts the built server (what `npm start` runs) on a free port, on a copy of the run's migrated data
 * folder or database: each test file gets its own empty library without running the migrations again.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apd-e2e-'));
  cpSync(inject('migratedDataDir'), dataDir, { recursive: true });
  const database = await freshDatabaseUrl();
  const { child, output } = spawnServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', ...env });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, output);
  return {
    url,
    log: output,
    async stop() {
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

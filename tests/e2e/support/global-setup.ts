import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { databaseUrl, freePort, runSql, spawnServer, stopServer, waitForHealth } from './server-process';

// Once per browser-test run, not once per file: the migrations run a single time (into a data folder
// each test server starts from a copy of, or into a PostgreSQL template database), and one Chromium
// serves every file, each test in its own context. Both used to cost seconds per file.

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumWsEndpoint: string;
    /** A data folder the built server has migrated and stopped cleanly in (embedded engine). */
    migratedDataDir: string;
    /** A migrated database to copy with CREATE DATABASE … TEMPLATE, when E2E_DATABASE_URL is set; else ''. */
    templateDatabase: string;
  }
}

/** Starts the built server once on `env` so that it migrates, then stops it cleanly. */
async function migrateOnce(env: Record<string, string>): Promise<void> {
  const port = await freePort();
  const { child, output } = spawnServer({ ...env, PORT: String(port) });
  await waitForHealth(`http://127.0.0.1:${port}`, child, output);
  await stopServer(child);
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.E2E_DATABASE_URL;
  const migratedDataDir = mkdtempSync(path.join(tmpdir(), 'apd-e2e-migrated-'));
  const templateDatabase = adminUrl ? `apd_e2e_template_${process.pid}` : '';
  if (adminUrl) {
    await runSql(adminUrl, `DROP DATABASE IF EXISTS "${templateDatabase}" WITH (FORCE)`);
    await runSql(adminUrl, `CREATE DATABASE "${templateDatabase}"`);
  }
  const [browserServer] = await Promise.all([
    chromium.launchServer({ executablePath: chromiumPath, args: CHROMIUM_ARGS }),
    migrateOnce({ DATA_DIR: migratedDataDir, DATABASE_URL: adminUrl ? databaseUrl(adminUrl, templateDatabase) : '' }),
  ]);
  project.provide('chromiumWsEndpoint', browserServer.wsEndpoint());
  project.provide('migratedDataDir', migratedDataDir);
  project.provide('templateDatabase', templateDatabase);
  return async () => {
    await browserServer.close();
    rmSync(migratedDataDir, { recursive: true, force: true });
    if (adminUrl) await runSql(adminUrl, `DROP DATABASE IF EXISTS "${templateDatabase}" WITH (FORCE)`);
  };
}

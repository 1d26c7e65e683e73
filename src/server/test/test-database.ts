import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { type DatabaseHandle, MIGRATIONS_DIR, openDatabase } from '../db/client';
import { PROJECT_ROOT } from '../lib/project-root';

/** Which engine this test run uses: set per Vitest project (see vitest.config.ts). */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * TEST_DATABASE_URL server that is dropped again on close. Real engines, no mocks.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    const template = migratedTemplate();
    const handle = await openDatabase({ kind: 'pglite', ...(template ? { loadDataDir: template } : {}) });
    // Nothing to do when loaded from the template (its migrations are recorded in it).
    await handle.migrate();
    if (!template) await saveTemplate(handle);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `apd_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = await postgresTemplate(adminUrl);
  await runAdminSql(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, name), poolSize: 4 });
  // Nothing to do: the template's migrations are recorded in the copy.
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await runAdminSql(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

async function runAdminSql(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * On PostgreSQL, as on PGlite, each test file's database is a copy of one migrated once: CREATE DATABASE
 * … TEMPLATE copies files (a fraction of a second) where running the migrations takes seconds. The
 * template is named after the migrations, and the first file to need it builds it while holding an
 * advisory lock, so files starting together in parallel workers wait for it instead of building it twice.
 */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const template = `apd_test_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.testTemplateBuild]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!rowCount) {
      // Built under another name and renamed when complete: a template is never copied half-migrated.
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const handle = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, building), poolSize: 1 });
      await handle.migrate();
      await handle.close();
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
      // Templates of earlier migrations are of no further use; one still being copied stays (the drop fails).
      const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'apd\\_test\\_template\\_%' AND datname <> $1", [
        template,
      ]);
      for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.testTemplateBuild]).catch(() => undefined);
    await admin.end();
  }
  return template;
}

/** A short hash of the migrations and the PGlite version: a template is reused only for the same ones. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(PROJECT_ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const name of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const file = path.join(MIGRATIONS_DIR, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A new in-memory PGlite costs about 2.5 s (initdb inside WebAssembly, then the migrations); one loaded
 * from a data directory saved after the migrations, about 0.5 s. The first test file to open one saves
 * its data directory in the temp folder, named after the migrations and the PGlite version, and every
 * later file starts from it: the same database, migrated the same way, only sooner.
 */
function templatePath(): string {
  return path.join(tmpdir(), `apd-test-pglite-${migrationsHash()}.tar`);
}

function migratedTemplate(): Blob | undefined {
  const file = templatePath();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

async function saveTemplate(handle: DatabaseHandle): Promise<void> {
  const client = (handle.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const file = templatePath();
  // Written whole under another name first: a file opening meanwhile never reads half a template.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  // Templates of earlier migrations are of no further use (40 MB each).
  for (const name of readdirSync(tmpdir())) {
    const other = path.join(tmpdir(), name);
    if (/^apd-test-pglite-[0-9a-f]{16}\.tar$/.test(name) && other !== file) rmSync(other, { force: true });
  }
}

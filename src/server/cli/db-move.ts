// npm run db:move -- postgresql://user@host:5432/prompts
// Copies everything from the embedded database in DATA_DIR into an empty PostgreSQL database (same ids,
// sessions included, so nobody has to sign in again), checks the row counts, and prints the
// DATABASE_URL to start with. The app must be stopped: the data folder's lock is taken.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { type Database, openDatabase, queryRows } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../lib/data-dir-lock';

/** Rows that triggers on `prompts` write; they are rebuilt in the target as the prompts arrive. */
const DERIVED_TABLES = new Set(['prompt_filter_keys', 'prompt_list_items']);
/**
 * Copied before everything else: a trigger on `prompts` adds each prompt's words to `search_words`
 * (skipping known ones), and the source's list also keeps words of prompts since deleted, so it is
 * copied whole first and the prompts then add nothing.
 */
const COPIED_FIRST = ['search_words'];
/**
 * Queues that a trigger on `prompts` fills as the prompts arrive, but whose state is the source's (the
 * prompts whose near-copy keys are still to be written): emptied in the target, then copied.
 */
const QUEUES_COPIED_AFTER_TRIGGERS = new Set(['prompt_similarity_pending']);
const BATCH = 1_000;

/** The application's tables in an order where every foreign key points to a table copied earlier. */
async function tablesInDependencyOrder(db: Database): Promise<string[]> {
  const tables = (await queryRows(db, sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)).map((r) => String(r.tablename));
  const edges = await queryRows(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
  );
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new Error(`Foreign keys form a cycle through ${table}`);
    for (const e of edges) if (e.child === table) visit(String(e.parent), [...path, table]);
    ordered.push(table);
  };
  for (const t of tables) visit(t, []);
  return [...COPIED_FIRST.filter((t) => ordered.includes(t)), ...ordered.filter((t) => !COPIED_FIRST.includes(t))];
}

/** Columns that can be written (generated ones are computed by the target itself), and the key to page by. */
async function tableShape(db: Database, table: string) {
  const columns = (
    await queryRows(
      db,
      sql`select attname from pg_attribute where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    )
  ).map((r) => String(r.attname));
  const key = (
    await queryRows(
      db,
      sql`select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey) where i.indrelid = ${table}::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
    )
  ).map((r) => String(r.attname));
  if (!key.length) throw new Error(`Table ${table} has no primary key to copy it by`);
  return { columns, key };
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);
const list = (names: string[]) => sql.join(names.map(ident), sql`, `);

async function copyTable(source: Database, target: Database, table: string): Promise<number> {
  const { columns, key } = await tableShape(source, table);
  let copied = 0;
  let after: Record<string, unknown> | undefined;
  for (;;) {
    const keyTuple = sql`(${list(key)})`;
    const where = after
      ? sql`where ${keyTuple} > (${sql.join(
          key.map((k) => sql`${after![k]}`),
          sql`, `,
        )})`
      : sql``;
    const rows = await queryRows(
      source,
      sql`select ${list(columns)}, row_to_json(t)::text as j from ${ident(table)} t ${where} order by ${list(key)} limit ${BATCH}`,
    );
    if (!rows.length) return copied;
    const json = `[${rows.map((r) => String(r.j)).join(',')}]`;
    await target.execute(
      sql`insert into ${ident(table)} (${list(columns)}) select ${list(columns)} from json_populate_recordset(null::${ident(table)}, ${json}::json)`,
    );
    copied += rows.length;
    after = rows.at(-1);
  }
}

async function counts(db: Database, tables: string[]): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const t of tables) result[t] = Number((await queryRows(db, sql`select count(*)::int as n from ${ident(t)}`))[0]!.n);
  return result;
}

async function main() {
  const url = process.argv[2];
  if (!url || !/^postgres(ql)?:\/\//.test(url)) throw new ConfigError('Usage: npm run db:move -- postgresql://user@host:5432/database   (an empty database)');
  const config = loadConfig({ ...process.env, DATABASE_URL: '', DATABASE_DIRECT_URL: '' });
  const release = acquireDataDirLock(config.dataDir);
  const source = await openDatabase({ kind: 'pglite', dir: path.join(config.dataDir, 'pglite') });
  const target = await openDatabase({ kind: 'postgres', url, poolSize: 2, statementTimeoutMs: 600_000, caFile: config.databaseCaFile });
  try {
    await source.migrate();
    const existing = await queryRows(target.db, sql`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    if (Number(existing[0]!.n) > 0) throw new ConfigError('The target database is not empty: create a new one (createdb prompts) and try again.');
    await target.migrate();
    const tables = await tablesInDependencyOrder(source.db);
    await target.db.transaction(async (tx) => {
      // The migrations seeded defaults (form fields, …): the copy replaces them.
      for (const t of [...tables].reverse()) await tx.execute(sql`delete from ${ident(t)}`);
      for (const t of tables) {
        if (DERIVED_TABLES.has(t)) continue;
        if (QUEUES_COPIED_AFTER_TRIGGERS.has(t)) await tx.execute(sql`delete from ${ident(t)}`);
        const n = await copyTable(source.db, tx, t);
        console.log(`  ${t}: ${n} rows`);
      }
    });
    await target.db.execute(sql`analyze`);
    const [from, to] = [await counts(source.db, tables), await counts(target.db, tables)];
    const different = tables.filter((t) => from[t] !== to[t]);
    if (different.length) throw new Error(`Row counts differ after the copy: ${different.map((t) => `${t} ${from[t]} → ${to[t]}`).join(', ')}`);
    console.log(
      `\nEvery table matches (${from.prompts ?? 0} prompts, ${from.users ?? 0} users). Start the app on PostgreSQL with:\n\n  DATABASE_URL=${url} npm start\n`,
    );
    console.log(`The embedded database in ${path.resolve(config.dataDir)} is left as it was; remove it once you are satisfied.`);
  } finally {
    await target.close();
    await source.close();
    release();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : `Move failed: ${(err as Error).message}`);
  process.exit(1);
});

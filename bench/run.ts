/**
 * npm run bench [-- --rows=100000 --db=postgres|pglite --duration=5 --reuse=NAME --workers=2 --pooler --import=100000 --as=member]
 * Seeds a fresh database, starts the real server (src/server/main.ts) and drives it over HTTP with
 * autocannon (10 connections). Beside each scenario it prints the database time of the very
 * statements that request runs (EXPLAIN ANALYZE: planning + execution), so the cost of our own layers
 * is visible. --reuse=NAME keeps the seeded database NAME for the next run (on PGlite a folder, copied
 * for each run). --workers=N (PostgreSQL only) measures the uncached column again with WORKERS=N, side
 * by side; --pooler (PostgreSQL only) the same through PgBouncer in transaction mode beside the direct
 * connection. --import=N times importing N new prompts from a CSV in the export's format (then removes
 * them); --import-only skips the other scenarios.
 * The embedded database's own scenarios (20,000 prompts unless --rows; the built server; each skips
 * the others):
 * --backup times online backups idle and under a write load (bench/backup-bench.ts); --writes=N sets
 *   that load (30 new prompts/s by default).
 * --soak[=MINUTES] (30 by default) samples the server's memory under a steady mixed load
 *   (bench/soak-bench.ts); --connections=N (2 by default); --soak-backups=MINUTES adds a scheduled
 *   backup that often.
 * --entry=FILE runs that built server instead of dist/server/main.js (a build of an earlier commit, to
 * compare).
 * --scenarios=REGEX measures only the scenarios whose names match (case-insensitive), beside /healthz.
 * --boost adds what the verified boost costs each chosen search: its statements explained with the boost
 *   and with the factor replaced by 1 (bench/boost.ts).
 * --search-eval stores the prompts.chat collection in a fresh database through the API and reports how
 * many of bench/search-queries.json find an intended prompt in their first 5 results (bench/search-eval.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client';
import { benchBackup } from './backup-bench';
import { verifiedBoostShare } from './boost';
import { benchImport } from './import-bench';
import { BENCH_PASSWORD, seed, seedLibraryHealth, seedSimilarityBands, seedStatuses, seedUsage, seedVotes } from './seed';
import { seedCollections } from './seed-collections';
import { explainedRun, freePort, prepareDatabase } from './support';
import { measure, scenarios } from './scenarios';
import { searchEval } from './search-eval';
import { benchSoak, memoryProbe } from './soak-bench';
import { startPgBouncer } from '../src/server/test/pgbouncer';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
const backupOnly = 'backup' in args;
const soakMinutes = 'soak' in args ? Number(args.soak ?? 30) : 0;
const rows = Number(args.rows ?? (backupOnly || soakMinutes ? 20_000 : 100_000));
const kind = (args.db ?? 'pglite') as 'pglite' | 'postgres';
const duration = Number(args.duration ?? 5);
const workers = Number(args.workers ?? 1);
const importRows = Number(args.import ?? 0);
// Who asks: the admin (every prompt), or with --as=member an editor of one of the 50 units, who sees the
// organization's prompts, their unit's and their own.
const viewerEmail = args.as === 'member' ? 'bench1@example.com' : 'bench0@example.com';
const importOnly = 'import-only' in args;
const only = args.scenarios ? new RegExp(args.scenarios, 'i') : null;
const chosen = scenarios.filter((s) => (!only || s.path === '/healthz' || only.test(s.name)) && !(s.adminOnly && args.as === 'member'));
if (workers > 1 && kind !== 'postgres') throw new Error('--workers needs --db=postgres (WORKERS must be 1 on the embedded database)');
if ('pooler' in args && (kind !== 'postgres' || workers > 1)) throw new Error('--pooler needs --db=postgres, and runs without --workers');
// A port no other server holds now (a random one once collided with another benchmark's server,
// whose /healthz then answered for this run's server that had failed to start).
const port = await freePort();
const log = (msg: string) => console.log(msg);

function startServer(env: Record<string, string | undefined>, built = false, nodeArgs: string[] = []): Promise<ChildProcess> {
  // WORKERS > 1 forks the entry file again: run the built server, as npm start does.
  if (built) execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'ignore' });
  const bundle = args.entry ?? 'dist/server/main.js';
  const entry = built || Number(env.WORKERS ?? 1) > 1 ? ['--enable-source-maps', bundle] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 300_000;
    child.once('exit', (code) => reject(new Error(`the server exited (code ${code}) before it answered /healthz`)));
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return resolve(child);
      } catch {
        // Not listening yet: poll again.
      }
      if (Date.now() > deadline) return reject(new Error('server did not start'));
      setTimeout(poll, 300);
    };
    void poll();
  });
}

/** The search evaluation: a fresh database, the real server, the collection stored through its API. */
async function mainSearchEval() {
  log(`# Search evaluation on ${kind}`);
  const prepared = await prepareDatabase(kind);
  const server = await startServer(prepared.env);
  try {
    await searchEval(`http://127.0.0.1:${port}`, log);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await prepared.cleanup();
  }
}

async function main() {
  if ('search-eval' in args) return mainSearchEval();
  const scenario = backupOnly ? 'online backups' : soakMinutes ? `a ${soakMinutes}-minute soak` : `${duration}s per scenario, 10 connections`;
  log(`# Benchmark: ${rows.toLocaleString('en-US')} prompts on ${kind}, ${cpus().length} cores, ${scenario}`);
  const prepared = await prepareDatabase(kind, args.reuse);
  let handle = await openDatabase(prepared.target);
  await handle.migrate();
  const n = Number((await queryRows(handle.db, sql`select count(*)::int as n from prompts`))[0]!.n);
  if (n === 0) {
    const t0 = performance.now();
    await seed(handle.db, rows, log);
    log(`Seeding took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (kind === 'pglite' && args.reuse) {
      // A folder is copied closed, as the server will find it.
      await handle.close();
      prepared.keep();
      handle = await openDatabase(prepared.target);
    }
  } else {
    log(`Reusing ${n.toLocaleString('en-US')} prompts`);
    const used = Number((await queryRows(handle.db, sql`select count(*)::int as n from prompt_use_counts`))[0]!.n);
    if (used === 0) await seedUsage(handle.db);
    const voted = Number((await queryRows(handle.db, sql`select count(*)::int as n from prompt_vote_counts`))[0]!.n);
    if (voted === 0) await seedVotes(handle.db);
    const unpublished = Number((await queryRows(handle.db, sql`select count(*)::int as n from prompts where status <> 'published'`))[0]!.n);
    if (unpublished === 0) await seedStatuses(handle.db);
    // Keys missing, or a load of them interrupted (prompts still queued).
    const banded = (await queryRows(handle.db, sql`select 1 from prompt_similarity_bands limit 1`)).length;
    const queued = (await queryRows(handle.db, sql`select 1 from prompt_similarity_pending limit 1`)).length;
    if (banded === 0 || queued > 0) await seedSimilarityBands(handle.db, log);
    if (!(await queryRows(handle.db, sql`select 1 from prompt_use_days limit 1`)).length) await seedLibraryHealth(handle.db);
  }
  await seedCollections(handle.db);
  const [viewer] = (await queryRows(handle.db, sql`select id::text, role, business_unit as "businessUnit" from users where email = ${viewerEmail}`)) as Array<{
    id: string;
    role: 'admin' | 'edit';
    businessUnit: string;
  }>;
  const sqlTimes = new Map<string, string>();
  if (!backupOnly && !soakMinutes)
    for (const s of chosen) if (s.direct) sqlTimes.set(s.name, await explainedRun(handle.db, (run) => s.direct!(handle.db, viewer!, run)));
  if ('boost' in args) await verifiedBoostShare(handle.db, chosen, viewer!, log);
  await handle.close();

  if ((backupOnly || soakMinutes) && kind !== 'pglite') throw new Error('--backup and --soak measure the embedded database: use --db=pglite');
  const backupEveryMinutes = args['soak-backups'] ? Number(args['soak-backups']) : undefined;
  const probe = soakMinutes ? memoryProbe(prepared.env.DATA_DIR!, backupEveryMinutes) : { nodeArgs: [], env: {} };
  const server = await startServer({ ...prepared.env, ...probe.env }, backupOnly || soakMinutes > 0, probe.nodeArgs);
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = (await (
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: viewerEmail, password: BENCH_PASSWORD }),
      })
    ).json()) as { token: string };
    const headers = { authorization: `Bearer ${login.token}` };
    if (backupOnly) {
      const load = { writers: 4, writesPerSecond: Number(args.writes ?? 30), readers: 2, readsPerSecond: 4, healthzEveryMs: 100 };
      await benchBackup({ base, headers, dataDir: prepared.env.DATA_DIR!, load, log });
    } else if (soakMinutes) {
      await benchSoak({
        base,
        headers,
        dataDir: prepared.env.DATA_DIR!,
        minutes: soakMinutes,
        connections: Number(args.connections ?? 2),
        backupEveryMinutes,
        log,
      });
    } else if (importOnly) {
      const ceiling = await measure(`${base}/healthz`, {}, duration);
      log(`/healthz ceiling this run: ${ceiling.rps} req/s, p95 ${ceiling.p95} ms`);
    } else {
      log('\n| scenario | req/s | p50 ms | p95 ms | p99 ms | no-cache req/s | p50 ms | p95 ms | p99 ms | SQL ms |\n|---|---|---|---|---|---|---|---|---|---|');
      for (const s of chosen) {
        const url = typeof s.path === 'string' ? s.path : await s.path(base, headers);
        const r = await measure(`${base}${url}`, headers, duration, s.request);
        // The same request with Cache-Control: no-cache: every answer computed by the database.
        const cacheable = url.startsWith('/api/') && !s.request;
        const f = cacheable ? await measure(`${base}${url}`, { ...headers, 'cache-control': 'no-cache' }, duration) : undefined;
        const fresh = f ? `${f.rps} | ${f.p50} | ${f.p95} | ${f.p99}` : '— | — | — | —';
        log(`| ${s.name} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${fresh} | ${sqlTimes.get(s.name) ?? '—'} |`);
        if (r.errors || f?.errors) log(`  (!) ${r.errors + (f?.errors ?? 0)} non-2xx answers or errors`);
      }
      log('\nreq/s and latencies: 10 connections; the first set may be served from the 1 s page cache, the no-cache set never is.');
      log('SQL ms: EXPLAIN ANALYZE (planning + execution) of each statement the request runs, with no cached total; "+" separates statements.');

      const t1 = performance.now();
      const res = await fetch(`${base}/api/admin/export?type=prompts&format=csv`, { headers });
      const bytes = (await res.arrayBuffer()).byteLength;
      const hwm = readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)?.[1];
      log(
        `\nExport of all prompts as CSV: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - t1) / 1000).toFixed(1)} s; server peak RSS ${(Number(hwm) / 1024).toFixed(0)} MB`,
      );
    }
    if (importRows > 0) await benchImport(base, headers, prepared, importRows, log);
    if (workers > 1) await compareServers(headers, server, workersContender(prepared.env));
    else if ('pooler' in args) await compareServers(headers, server, await poolerContender(prepared.env));
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await prepared.cleanup();
  }
}

/** A second server to measure beside the one running now: its settings, a table heading, and what to stop after. */
interface Contender {
  title: string;
  labels: [string, string];
  env: Record<string, string | undefined>;
  cleanup?: () => Promise<void>;
}

/** The uncached column again with the server running now and with `contender`, side by side. */
async function compareServers(headers: Record<string, string>, single: ChildProcess, contender: Contender) {
  const base = `http://127.0.0.1:${port}`;
  const fresh = { ...headers, 'cache-control': 'no-cache' };
  const apiScenarios = scenarios.filter((s) => !s.request && (typeof s.path !== 'string' || s.path.startsWith('/api/') || s.path === '/healthz'));
  const urls = await Promise.all(apiScenarios.map(async (s) => (typeof s.path === 'string' ? s.path : s.path(base, headers))));
  const one = [];
  for (const url of urls) one.push(await measure(`${base}${url}`, fresh, duration));
  single.kill('SIGTERM');
  await new Promise((r) => single.once('exit', r));
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'ignore' });
  const other = await startServer(contender.env);
  try {
    log(`\n## ${contender.title} (no-cache requests, 10 connections, same machine as the load generator)\n`);
    log(`| scenario | ${contender.labels[0]} req/s | p95 ms | ${contender.labels[1]} req/s | p95 ms |\n|---|---|---|---|---|`);
    for (const [i, s] of apiScenarios.entries()) {
      const r = await measure(`${base}${urls[i]}`, fresh, duration);
      log(`| ${s.name} | ${one[i]!.rps} | ${one[i]!.p95} | ${r.rps} | ${r.p95} |`);
    }
  } finally {
    other.kill('SIGTERM');
    await new Promise((r) => other.once('exit', r));
    await contender.cleanup?.();
  }
}

/** WORKERS=1 (the server running now) against WORKERS=N. */
const workersContender = (env: Record<string, string | undefined>): Contender => ({
  title: `WORKERS=1 against WORKERS=${workers}`,
  labels: ['1 worker', `${workers} workers`],
  env: { ...env, WORKERS: String(workers) },
});

/** PostgreSQL directly (the server running now) against the same database through PgBouncer in transaction mode. */
async function poolerContender(env: Record<string, string | undefined>): Promise<Contender> {
  const bouncer = await startPgBouncer(env.DATABASE_URL!);
  return {
    title: 'PostgreSQL directly against PgBouncer in transaction mode',
    labels: ['direct', 'PgBouncer'],
    env: { ...env, DATABASE_URL: bouncer.pooled(env.DATABASE_URL!), DATABASE_DIRECT_URL: env.DATABASE_URL },
    cleanup: () => bouncer.stop(),
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

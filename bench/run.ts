/**
 * npm run bench [-- --rows=100000 --db=pglite|postgres --duration=5]
 * Seeds a fresh database, starts the real server, and drives it over HTTP with autocannon (10 connections).
 * Beside each scenario it prints the time of the same list call made in-process against the database
 * (the service function the route calls), so the cost of HTTP, validation and JSON is visible.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { promptListQuerySchema } from '../src/shared/schemas/prompts';
import { openDatabase } from '../src/server/db/client';
import { listPromptPage } from '../src/server/modules/prompts/prompts.list';
import { BENCH_PASSWORD, COMMON_WORD, PREFIX, RARE_WORD, seed } from './seed';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
const rows = Number(args.rows ?? 100_000);
const kind = (args.db ?? 'pglite') as 'pglite' | 'postgres';
const duration = Number(args.duration ?? 5);
const port = 5600 + Math.floor(Math.random() * 300);
const log = (msg: string) => console.log(msg);

async function prepareDatabase() {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'apd-bench-'));
    return { env: { DATA_DIR: dir, DATABASE_URL: '' }, target: { kind: 'pglite' as const, dir: path.join(dir, 'pglite') }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `apd_bench_${Date.now()}`;
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, target: { kind: 'postgres' as const, url: url.toString() }, cleanup: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

const scenarios: Array<[string, string]> = [
  ['first page, unfiltered', ''],
  [`search common word "${COMMON_WORD}"`, `search=${COMMON_WORD}`],
  [`search rare word "${RARE_WORD}"`, `search=${RARE_WORD}`],
  [`search prefix "${PREFIX}"`, `search=${PREFIX}`],
  ['search two words', 'search=customer%20email'],
  ['filter: business unit', 'businessUnits=Unit%203'],
  ['filter: AI application', 'aiModels=Claude'],
  ['filter: rare tag', 'tags=tag-290'],
  ['filter: popular tag', 'tags=tag-1'],
  ['filters combined', 'businessUnits=Unit%203&aiModels=ChatGPT&tags=tag-2,tag-5'],
];

async function timeDirect(db: Awaited<ReturnType<typeof openDatabase>>['db'], qs: string): Promise<number> {
  const query = promptListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
  await listPromptPage(db, { query });
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await listPromptPage(db, { query });
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[2]!;
}

function startServer(env: Record<string, string | undefined>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return resolve(child);
      } catch {}
      if (Date.now() > deadline) return reject(new Error('server did not start'));
      setTimeout(poll, 300);
    };
    void poll();
  });
}

function cannon(url: string, headers: Record<string, string>) {
  return autocannon({ url, connections: 10, duration, headers });
}

async function main() {
  const cores = (await import('node:os')).cpus().length;
  log(`# Benchmark: ${rows.toLocaleString('en-US')} prompts on ${kind}, ${cores} cores, ${duration}s per scenario, 10 connections`);
  const prepared = await prepareDatabase();
  const handle = await openDatabase(prepared.target);
  await handle.migrate();
  const t0 = performance.now();
  await seed(handle.db, rows, log);
  log(`Seeding took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const direct = new Map<string, number>();
  for (const [, qs] of scenarios) direct.set(qs, await timeDirect(handle.db, qs));
  await handle.close();

  const server = await startServer(prepared.env);
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench0@example.com', password: BENCH_PASSWORD }) })).json()) as { token: string };
    const headers = { authorization: `Bearer ${login.token}` };
    const first = (await (await fetch(`${base}/api/prompts?limit=50`, { headers })).json()) as { nextCursor: string };
    const all: Array<[string, string, number | undefined]> = [
      ['GET /healthz (ceiling)', '/healthz', undefined],
      ...scenarios.map(([name, qs]) => [name, `/api/prompts?${qs}`, direct.get(qs)] as [string, string, number]),
      ['next page via cursor', `/api/prompts?cursor=${first.nextCursor}`, undefined],
    ];
    log('\n| scenario | req/s | p50 ms | p95 ms* | p99 ms | direct ms |\n|---|---|---|---|---|---|');
    for (const [name, url, ms] of all) {
      const r = await cannon(`${base}${url}`, headers);
      const p95 = r.latency.p97_5;
      log(`| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${p95} | ${r.latency.p99} | ${ms === undefined ? '—' : ms.toFixed(1)} |`);
      if (r.non2xx) log(`  (!) ${r.non2xx} non-2xx answers`);
    }
    log('\n*autocannon reports p97.5 rather than p95; the column shows p97.5, a stricter figure.');

    const t1 = performance.now();
    const res = await fetch(`${base}/api/admin/export?type=prompts&format=csv`, { headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    const hwm = readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)?.[1];
    log(`\nExport of all prompts as CSV: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - t1) / 1000).toFixed(1)} s; server peak RSS ${(Number(hwm) / 1024).toFixed(0)} MB`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await prepared.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

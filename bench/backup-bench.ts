/**
 * --backup: times an online backup of the embedded database over real HTTP (GET /api/admin/backup) and
 * through `npm run backup` (DATA_DIR/backup.sock), first idle, then under a steady write load, and
 * reports what the other requests and /healthz saw meanwhile. The backup taken under load is then
 * restored and checked: every prompt acknowledged before it started must be in the copy.
 */
import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync, createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client';
import { restoreEmbeddedBackup } from '../src/server/lib/embedded-backup';
import { type LoadOptions, latenciesDuring, type RunningLoad, startLoad, summarise } from './load';
import { measure } from './scenarios';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface BackupRun {
  seconds: number;
  bytes: number;
  startedAt: number;
  endedAt: number;
  walPeakBytes: number;
}

/** Bytes in pg_wal now (segments written, recycled or made ready for reuse). */
function walBytes(pgdata: string): number {
  const dir = path.join(pgdata, 'pg_wal');
  let total = 0;
  for (const name of readdirSync(dir)) total += statSync(path.join(dir, name), { throwIfNoEntry: false })?.size ?? 0;
  return total;
}

/** Runs `backup` while sampling the size of pg_wal every 100 ms. */
async function timedBackup(pgdata: string, backup: () => Promise<number>): Promise<BackupRun> {
  let walPeakBytes = walBytes(pgdata);
  const sampler = setInterval(() => (walPeakBytes = Math.max(walPeakBytes, walBytes(pgdata))), 100);
  const startedAt = performance.now();
  try {
    const bytes = await backup();
    const endedAt = performance.now();
    return { seconds: (endedAt - startedAt) / 1000, bytes, startedAt, endedAt, walPeakBytes: Math.max(walPeakBytes, walBytes(pgdata)) };
  } finally {
    clearInterval(sampler);
  }
}

/** GET /api/admin/backup, written to `file`; resolves with its size. */
async function backupOverHttp(base: string, headers: Record<string, string>, file: string): Promise<number> {
  const res = await fetch(`${base}/api/admin/backup`, { headers });
  if (!res.ok || !res.body) throw new Error(`GET /api/admin/backup answered ${res.status}: ${await res.text()}`);
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(file));
  return statSync(file).size;
}

/** `npm run backup -- --out file` against the running server; resolves with the file's size. */
async function backupFromCommandLine(dataDir: string, file: string): Promise<number> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', '--out', file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  if (!stdout.includes('from the running server')) throw new Error(`npm run backup did not use the running server: ${stdout}`);
  return statSync(file).size;
}

/** Restores `file` into a new folder and returns the acknowledged prompts missing from it. */
async function missingAfterRestore(file: string, acknowledged: string[]): Promise<{ missing: number; prompts: number; listItems: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apd-bench-restore-'));
  try {
    await restoreEmbeddedBackup(createReadStream(file), path.join(dir, 'pglite'));
    const restored = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'pglite') });
    try {
      const ids = new Set((await queryRows(restored.db, sql`select id::text from prompts`)).map((r) => String(r.id)));
      const [counts] = await queryRows(restored.db, sql`select (select count(*) from prompt_list_items)::int as l`);
      return { missing: acknowledged.filter((id) => !ids.has(id)).length, prompts: ids.size, listItems: Number(counts!.l) };
    } finally {
      await restored.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(0);

export async function benchBackup(options: {
  base: string;
  headers: Record<string, string>;
  dataDir: string;
  load: LoadOptions;
  log: (msg: string) => void;
}): Promise<void> {
  const { base, headers, dataDir, log } = options;
  const pgdata = path.join(dataDir, 'pglite');
  const work = mkdtempSync(path.join(tmpdir(), 'apd-bench-backups-'));
  try {
    const ceiling = await measure(`${base}/healthz`, {}, 5);
    log(`/healthz ceiling this run: ${ceiling.rps} req/s, p95 ${ceiling.p95} ms (10 connections, no other load)`);
    const idle = await timedBackup(pgdata, () => backupOverHttp(base, headers, path.join(work, 'idle.tar.gz')));

    const { writers, writesPerSecond, readers, readsPerSecond, healthzEveryMs } = options.load;
    log(
      `\nLoad: ${writers} writers creating ${writesPerSecond} prompts/s in all, ${readers} readers ${readsPerSecond} searches/s, /healthz every ${healthzEveryMs} ms`,
    );
    const load: RunningLoad = startLoad(base, headers, options.load);
    let api: BackupRun;
    let cli: BackupRun;
    let acknowledged: string[];
    let warmup: { from: number; to: number };
    try {
      // Fifteen seconds to warm up (the server's code, the database's caches), then fifteen of the load
      // alone: what the same requests cost without a backup.
      await sleep(15_000);
      const from = performance.now();
      await sleep(15_000);
      warmup = { from, to: performance.now() };
      acknowledged = load.created.map((c) => c.id);
      api = await timedBackup(pgdata, () => backupOverHttp(base, headers, path.join(work, 'api.tar.gz')));
      await sleep(5_000);
      cli = await timedBackup(pgdata, () => backupFromCommandLine(dataDir, path.join(work, 'cli.tar.gz')));
      await sleep(2_000);
    } finally {
      await load.stop();
    }

    const failed = load.samples.filter((s) => !s.ok).length;
    const writesPerSecondSeen = (window: { from: number; to: number }) =>
      (load.samples.filter((s) => s.kind === 'write' && s.end >= window.from && s.end <= window.to).length / ((window.to - window.from) / 1000)).toFixed(1);
    const row = (name: string, window: { from: number; to: number }, backup?: BackupRun) => {
      const other = summarise(latenciesDuring(load.samples, ['write', 'read'], window.from, window.to));
      const health = summarise(latenciesDuring(load.samples, ['healthz'], window.from, window.to));
      const size = backup ? `${backup.seconds.toFixed(1)} | ${mb(backup.bytes)} | ${mb(backup.walPeakBytes)}` : '— | — | —';
      log(`| ${name} | ${size} | ${writesPerSecondSeen(window)} | ${other.p95} / ${other.max} | ${health.p95} / ${health.max} |`);
    };
    log('\n| phase | backup s | backup MB | pg_wal peak MB | writes/s | other p95 / max ms | /healthz p95 / max ms |\n|---|---|---|---|---|---|---|');
    log(`| backup, no load (GET /api/admin/backup) | ${idle.seconds.toFixed(1)} | ${mb(idle.bytes)} | ${mb(idle.walPeakBytes)} | — | — | — |`);
    row('load alone (15 s before the backups)', warmup);
    row('backup under load: GET /api/admin/backup', { from: api.startedAt, to: api.endedAt }, api);
    row('backup under load: npm run backup (socket)', { from: cli.startedAt, to: cli.endedAt }, cli);
    if (failed) log(`  (!) ${failed} requests failed or answered non-2xx`);
    log('"other": the writes and searches in flight at some moment of the phase; npm run backup includes starting tsx (about 1 s).');

    const check = await missingAfterRestore(path.join(work, 'api.tar.gz'), acknowledged);
    log(
      `\nRestored the backup taken under load: ${check.prompts} prompts (${check.listItems} list items); ` +
        `${acknowledged.length - check.missing} of the ${acknowledged.length} prompts created by the load and acknowledged before it began are in it` +
        (check.missing || check.listItems !== check.prompts ? ' (!) INCONSISTENT' : ''),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * --soak[=MINUTES]: a steady mixed load of reads and writes (two connections by default) against the
 * built server for MINUTES (30 by default), while the server itself records its memory every 10 s
 * (bench/memory-probe.mjs, loaded with --import). Prints a line a minute, then the plateau: the
 * figures at 5, 10, 20 and 30 minutes and the slope over the last 10 (or the last third of a shorter run).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { latenciesDuring, startLoad, summarise } from './load';

/**
 * Node options and environment that make the server record its memory into `dataDir`; with
 * `backupEveryMinutes`, the server also writes a scheduled backup that often (BACKUP_DIR in `dataDir`),
 * to see whether backups leave memory behind.
 */
export function memoryProbe(dataDir: string, backupEveryMinutes?: number): { nodeArgs: string[]; env: Record<string, string> } {
  const backups: Record<string, string> = backupEveryMinutes
    ? { BACKUP_DIR: path.join(dataDir, 'backups'), BACKUP_INTERVAL_HOURS: String(backupEveryMinutes / 60), BACKUP_KEEP: '2' }
    : {};
  return { nodeArgs: ['--import', './bench/memory-probe.mjs'], env: { BENCH_MEMORY_FILE: path.join(dataDir, 'memory.jsonl'), ...backups } };
}

interface MemorySample {
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  walBytes?: number;
}

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readSamples(file: string): MemorySample[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MemorySample);
}

function walBytes(pgdata: string): number {
  const dir = path.join(pgdata, 'pg_wal');
  return readdirSync(dir).reduce((sum, name) => sum + (statSync(path.join(dir, name), { throwIfNoEntry: false })?.size ?? 0), 0);
}

/** Least-squares slope of `value` over time, in MB per minute. */
function slope(samples: MemorySample[], value: (s: MemorySample) => number): number {
  const xs = samples.map((s) => s.at / 60_000);
  const ys = samples.map((s) => value(s) / MB);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return den ? num / den : 0;
}

const row = (label: string, s: MemorySample) =>
  `| ${label} | ${(s.rss / MB).toFixed(0)} | ${(s.heapUsed / MB).toFixed(0)} | ${(s.heapTotal / MB).toFixed(0)} | ${(s.external / MB).toFixed(0)} | ${(s.arrayBuffers / MB).toFixed(0)} | ${s.walBytes === undefined ? '—' : (s.walBytes / MB).toFixed(0)} |`;

export async function benchSoak(options: {
  base: string;
  headers: Record<string, string>;
  dataDir: string;
  minutes: number;
  connections: number;
  backupEveryMinutes?: number;
  log: (msg: string) => void;
}): Promise<void> {
  const { base, headers, dataDir, minutes, log } = options;
  const file = memoryProbe(dataDir).env.BENCH_MEMORY_FILE!;
  const pgdata = path.join(dataDir, 'pglite');
  const readers = Math.max(1, options.connections - 1);
  // Moderate on purpose: the machine is shared, and a plateau shows at any steady rate.
  const load = startLoad(base, headers, { writers: 1, writesPerSecond: 4, readers, readsPerSecond: 4 * readers, healthzEveryMs: 0, mixed: true });
  log(
    `\nSoak: ${minutes} min, ${1 + readers} connections: 4 writes/s (create, change, use, star, trash) and ${4 * readers} reads/s (searches, filters, counts, details)`,
  );
  if (options.backupEveryMinutes) log(`A scheduled backup every ${options.backupEveryMinutes} min (BACKUP_DIR)`);
  log('| minute | RSS MB | heap used MB | heap total MB | external MB | array buffers MB | pg_wal MB |\n|---|---|---|---|---|---|---|');
  const startedAt = Date.now();
  const wal = new Map<number, number>();
  const requests: Array<{ minute: number; n: number; failed: number; p95: string }> = [];
  try {
    for (let minute = 1; minute <= minutes; minute++) {
      const from = performance.now();
      await sleep(startedAt + minute * 60_000 - Date.now());
      wal.set(minute, walBytes(pgdata));
      const done = load.samples.splice(0);
      requests.push({
        minute,
        n: done.length,
        failed: done.filter((s) => !s.ok).length,
        p95: summarise(latenciesDuring(done, ['read', 'write'], from, performance.now())).p95,
      });
      const last = readSamples(file).at(-1)!;
      log(row(String(minute), { ...last, walBytes: wal.get(minute) }));
    }
  } finally {
    await load.stop();
  }

  const samples = readSamples(file).filter((s) => s.at >= startedAt);
  const nearest = (time: number) => samples.reduce((best, s) => (Math.abs(s.at - time) < Math.abs(best.at - time) ? s : best));
  const at = (minute: number) => ({ ...nearest(startedAt + minute * 60_000), walBytes: wal.get(minute) });
  const marks = [...new Set([5, 10, 20, 30, 45, 60].filter((m) => m < minutes).concat(minutes))];
  log(
    `\nPlateau (samples every 10 s; the first at the start of the load):\n| at | RSS MB | heap used MB | heap total MB | external MB | array buffers MB | pg_wal MB |\n|---|---|---|---|---|---|---|`,
  );
  log(row('start', samples[0]!));
  for (const m of marks) log(row(`${m} min`, at(m)));
  const window = minutes >= 20 ? 10 : minutes / 3;
  const tail = samples.filter((s) => s.at >= startedAt + (minutes - window) * 60_000);
  log(
    `Slope over the last ${window.toFixed(0)} min (least squares over ${tail.length} samples): RSS ${slope(tail, (s) => s.rss).toFixed(2)} MB/min, ` +
      `heap used ${slope(tail, (s) => s.heapUsed).toFixed(2)} MB/min, external ${slope(tail, (s) => s.external).toFixed(2)} MB/min`,
  );
  const total = requests.reduce((sum, r) => sum + r.n, 0);
  const failed = requests.reduce((sum, r) => sum + r.failed, 0);
  log(`Requests: ${total} (${(total / (minutes * 60)).toFixed(1)}/s), ${failed} failed; p95 per minute ${requests.map((r) => r.p95).join(', ')} ms`);
}

import cluster, { type Worker } from 'node:cluster';

/**
 * WORKERS > 1: this process only supervises; each worker is a whole server (its own pool, caches and
 * LISTEN connection, kept exact by PostgreSQL NOTIFY like separate instances) and node:cluster shares
 * the port among them. A worker that dies is replaced. SIGTERM/SIGINT are passed on; the primary exits
 * when every worker has (0 if they all stopped cleanly).
 */
export function runClusterPrimary(workers: number, shutdownTimeoutS: number): void {
  const log = (level: number, msg: string) => console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, msg }));
  let stopping = false;
  let failed = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.on('exit', (code, signal) => onExit(worker, code, signal));
  };
  const onExit = (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    log(50, `worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another`);
    setTimeout(fork, 1_000).unref();
  };

  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    const now = Date.now();
    // Echoes of one group signal (npm forwards what it receives) arrive within a second.
    if (stopping && now - firstSignalAt < 1_000) return;
    if (!stopping) {
      stopping = true;
      firstSignalAt = now;
      log(30, `${signal} received: stopping ${workers} workers`);
      setTimeout(
        () => {
          log(40, `workers still running after ${shutdownTimeoutS + 5} s: stopping them now`);
          for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
          process.exit(1);
        },
        (shutdownTimeoutS + 5) * 1000,
      ).unref();
    }
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  log(30, `starting ${workers} server processes (WORKERS=${workers})`);
  for (let i = 0; i < workers; i++) fork();
}

// Loaded into the server by the soak scenario (node --import ./bench/memory-probe.mjs): every
// BENCH_MEMORY_EVERY_MS (10 s) it appends the process's memory figures, as one JSON line, to
// BENCH_MEMORY_FILE. Nothing in the server changes; the timer never keeps it alive.
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_MEMORY_FILE;
// Worker threads (a backup's) inherit the --import: only the main thread records.
if (file && isMainThread) {
  const sample = () => appendFileSync(file, `${JSON.stringify({ at: Date.now(), ...process.memoryUsage() })}\n`);
  sample();
  setInterval(sample, Number(process.env.BENCH_MEMORY_EVERY_MS ?? 10_000)).unref();
}

// A separate process for data-dir-lock.test.ts: takes the lock of argv[2], says whether it got it,
// holds it for argv[3] ms (or until killed), then releases it. With argv[4] (a time in ms since the
// epoch) it waits for that moment first, so several processes try at the same instant.
import { acquireDataDirLock } from './data-dir-lock';

const [dataDir, holdMs, startAt] = process.argv.slice(2);
while (startAt && Date.now() < Number(startAt)) {
  // spin: a timer would add its own jitter
}
try {
  const release = acquireDataDirLock(dataDir!);
  console.log('locked');
  setTimeout(
    () => {
      release();
      process.exit(0);
    },
    Number(holdMs ?? 60_000),
  );
} catch (err) {
  console.log(`refused: ${(err as Error).message}`);
  process.exit(3);
}

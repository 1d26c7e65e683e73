import {
  buildIfNeeded,
  freePort,
  freshStorage,
  type HttpAnswer,
  httpRequest,
  type ServerStorage,
  type StartedProcess,
  startProcess,
  waitForHealth,
} from './server-process';

// Two instances of the built server on one fresh database, for the tests of what one instance's writes
// do to the other's caches (docs/scaling.md: fresh within 200 ms on every instance).

export const FRESH_WITHIN_MS = 200;

export interface TwoInstances {
  storage: ServerStorage;
  a: StartedProcess;
  b: StartedProcess;
}

/** Builds if needed, then starts instance a and instance b, each answering /healthz. */
export async function startTwoInstances(): Promise<TwoInstances> {
  buildIfNeeded();
  const storage = await freshStorage();
  const a = startProcess([process.execPath, 'dist/server/main.js'], storage, await freePort());
  await waitForHealth(a.url);
  const b = startProcess([process.execPath, 'dist/server/main.js'], storage, await freePort());
  await waitForHealth(b.url);
  return { storage, a, b };
}

/** Kills whichever instances are still running and drops the database (for afterAll; any may be missing). */
export async function stopTwoInstances(instances: Partial<TwoInstances>): Promise<void> {
  const running = [instances.a, instances.b].filter((p): p is StartedProcess => Boolean(p));
  for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await Promise.all(running.map((p) => p.exited));
  await instances.storage?.drop();
}

export const call = (server: StartedProcess, path: string, token?: string, method = 'GET', body?: unknown) =>
  httpRequest(`${server.url}${path}`, { method, token, body });
export const json = <T>(answer: HttpAnswer) => JSON.parse(answer.body) as T;

/** Milliseconds until `probe` holds on the other instance (polling every 10 ms), or Infinity. */
export async function msUntil(probe: () => Promise<boolean>, limitMs = 3_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await probe()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  }
  return Number.POSITIVE_INFINITY;
}

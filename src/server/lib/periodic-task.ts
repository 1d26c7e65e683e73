import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `run` every `everyMs`, never two passes at once (a slow pass makes the next tick skip). A failed
 * pass is logged with `failure` and tried again at the next tick; the timer never keeps the process up.
 */
export function startPeriodicTask(options: { everyMs: number; run: () => Promise<unknown>; log: Pick<FastifyBaseLogger, 'warn'>; failure: string }) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = options
      .run()
      .catch((err: unknown) => options.log.warn({ err }, options.failure))
      .finally(() => (running = null));
  }, options.everyMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a pass in progress (before the database closes). */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

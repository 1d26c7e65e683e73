import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { deleteExpiredSessions } from '../modules/auth/sessions.repo';
import { deleteExpiredDownloadTickets } from '../modules/export/download-tickets';

const HOUR_MS = 60 * 60 * 1000;

/** One pass: rows that can no longer be used are removed, so the tables do not grow for ever. */
export async function runHousekeeping(db: Database, sessionIdleDays: number): Promise<void> {
  await deleteExpiredSessions(db, sessionIdleDays);
  await deleteExpiredDownloadTickets(db);
}

/**
 * Runs a pass a minute after start and then hourly. Several instances may each run it: every step is
 * an idempotent DELETE of expired rows. A failed pass is logged and tried again at the next hour.
 */
export function startHousekeeping(options: { db: Database; sessionIdleDays: number; log: FastifyBaseLogger; firstAfterMs?: number }) {
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = runHousekeeping(options.db, options.sessionIdleDays)
      .catch((err: unknown) => options.log.warn({ err }, 'housekeeping pass failed; it runs again in an hour'))
      .finally(() => (running = null));
  };
  const first = setTimeout(pass, options.firstAfterMs ?? 60_000);
  const hourly = setInterval(pass, HOUR_MS);
  first.unref();
  hourly.unref();
  return {
    /** Stops the timers and waits for a pass in progress (before the database closes). */
    async stop() {
      clearTimeout(first);
      clearInterval(hourly);
      await running;
    },
  };
}

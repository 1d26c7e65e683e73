import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

const HOUR_MS = 60 * 60 * 1000;

export interface Retention {
  sessionIdleDays: number;
  trashRetentionDays: number;
  auditRetentionDays: number;
}

/** One module's clean-up: removes its rows that can no longer be used. */
export type HousekeepingJob = (db: Database, retention: Retention) => Promise<void>;

/**
 * The jobs, by name. Each module registers its own from a `*.housekeeping.ts` file that app.ts loads, so
 * this file needs to know none of them. Jobs are independent of each other (each deletes only its own
 * expired rows), so the order they run in does not matter.
 */
const jobs = new Map<string, HousekeepingJob>();

/** Adds a job to every housekeeping pass, once: a name already taken is a mistake, refused at start. */
export function registerHousekeepingJob(name: string, job: HousekeepingJob): void {
  if (jobs.has(name)) throw new Error(`housekeeping job "${name}" is already registered`);
  jobs.set(name, job);
}

/** The names of the registered jobs, in the order a pass runs them. */
export function housekeepingJobNames(): string[] {
  return [...jobs.keys()];
}

/** One pass: rows that can no longer be used are removed, so the tables do not grow for ever. */
export async function runHousekeeping(db: Database, retention: Retention): Promise<void> {
  for (const job of jobs.values()) await job(db, retention);
}

/**
 * Runs a pass a minute after start and then hourly. Several instances may each run it: every step is
 * an idempotent DELETE of expired rows. A failed pass is logged and tried again at the next hour.
 */
export function startHousekeeping(options: { db: Database; retention: Retention; log: FastifyBaseLogger; firstAfterMs?: number }) {
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = runHousekeeping(options.db, options.retention)
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

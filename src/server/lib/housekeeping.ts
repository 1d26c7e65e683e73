import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { deleteExpiredSessions } from '../modules/auth/sessions.repo';
import { deleteExpiredDownloadTickets } from '../modules/export/download-tickets';
import { purgeAuditEvents } from '../modules/audit/audit';
import { deleteExpiredSsoRows } from '../modules/sso/sso.repo';
import { purgeTrash } from '../modules/trash/trash.service';
import { deleteExpiredIdempotencyKeys } from '../plugins/idempotency';

const HOUR_MS = 60 * 60 * 1000;

export interface Retention {
  sessionIdleDays: number;
  trashRetentionDays: number;
  auditRetentionDays: number;
}

/** One pass: rows that can no longer be used are removed, so the tables do not grow for ever. */
export async function runHousekeeping(db: Database, retention: Retention): Promise<void> {
  await deleteExpiredSessions(db, retention.sessionIdleDays);
  await deleteExpiredDownloadTickets(db);
  await deleteExpiredSsoRows(db);
  await deleteExpiredIdempotencyKeys(db);
  await purgeTrash(db, retention.trashRetentionDays);
  await purgeAuditEvents(db, retention.auditRetentionDays);
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

import { sql } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '../../../shared/schemas/audit';
import { type Database, queryRows } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { requestMeta } from '../../lib/request-context';

/** Who acted: a member as they are at that moment, or nobody known (a failed sign-in to an unknown address). */
export type AuditActor = { id: string | null; email: string | null };

export interface AuditEntry {
  actor: AuditActor | { id: string; email: string };
  action: AuditAction;
  target?: { type: AuditTargetType; id?: string | null };
  /** One line a person reads in the log: "Renamed business unit “Sales” to “Revenue”". */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends one event. Call it with the action's own transaction: the event and the change commit
 * together or not at all, so a change can never happen without its record.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await recordAuditEvents(db, [entry]);
}

/** Appends several events in as few statements as possible (a purge, a bulk action). */
export async function recordAuditEvents(db: Database, entries: AuditEntry[]): Promise<void> {
  const meta = requestMeta();
  const rows = entries.map((entry) => ({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: meta.ip,
    userAgent: meta.userAgent,
  }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(auditEvents).values(rows.slice(i, i + 1000));
}

/** The retention purge: the only way events leave the log. Returns how many went. */
export async function purgeAuditEvents(db: Database, retentionDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - retentionDays * 24 * 60 * 60 * 1000);
  const rows = await queryRows(db, sql`select purge_audit_events(${cutoff.toISOString()}::timestamptz) as n`);
  return Number(rows[0]?.n ?? 0);
}

/** The fields whose values differ, as `before` and `after` objects holding only those fields. */
export function changes<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key] ?? null;
      a[key] = after[key];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

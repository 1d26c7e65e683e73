import { and, desc, eq, gte, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { AUDIT_COUNT_CAP, type AuditEvent, type AuditFilters, type AuditPage, ROUTINE_SIGN_IN_ACTIONS } from '../../../shared/schemas/audit';
import { type Database, queryRows } from '../../db/client';
import { type AuditEventRow, auditEvents, users } from '../../db/schema';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/time-id-cursor';
import { csvRow, UTF8_BOM } from '../export/csv';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An account id, a whole email address (both indexed), or the start of an address. */
function actorFilter(actor: string, escaped: string): SQL {
  if (UUID.test(actor)) return eq(auditEvents.actorId, actor);
  if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(actor)) return sql`lower(${auditEvents.actorEmail}) = ${actor.toLowerCase()}`;
  return sql`lower(${auditEvents.actorEmail}) like ${`${escaped}%`}`;
}

/** The WHERE clause of the filters; each one is served by an index led by its column and time. */
export function auditWhere(f: AuditFilters): SQL | undefined {
  const actor = f.actor?.trim();
  const escaped = actor?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    actor ? actorFilter(actor, escaped!) : undefined,
    f.action ? eq(auditEvents.action, f.action) : undefined,
    f.targetType ? eq(auditEvents.targetType, f.targetType) : undefined,
    f.from ? gte(auditEvents.at, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(auditEvents.at, new Date(Date.parse(`${f.to}T00:00:00Z`) + DAY_MS)) : undefined,
    f.hideSignIns ? notInArray(auditEvents.action, [...ROUTINE_SIGN_IN_ACTIONS]) : undefined,
  );
}

/** Newest first, then by id, so that events at the same instant still page in one order. */
const after = (c: { at: Date; id: string }) => or(lt(auditEvents.at, c.at), and(eq(auditEvents.at, c.at), lt(auditEvents.id, c.id)));

export function toAuditEvent(row: AuditEventRow, names: ReadonlyMap<string, string> = new Map()): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail, name: (row.actorId && names.get(row.actorId)) || null },
    action: row.action as AuditEvent['action'],
    targetType: row.targetType as AuditEvent['targetType'],
    targetId: row.targetId,
    summary: row.summary,
    before: row.before,
    after: row.after,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

/**
 * The current names of the accounts that acted on a page, so the screen can say who an address belongs
 * to. Read apart from the events (which keep no foreign key): a deleted account simply has no name.
 */
async function actorNames(db: Database, rows: AuditEventRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
}

/** One keyset page of the log with the filters applied, and how many events match (counted up to a cap). */
export async function listAuditEvents(db: Database, query: AuditFilters & { limit: number; cursor?: string }): Promise<AuditPage> {
  const where = auditWhere(query);
  const cursor = query.cursor ? decodeTimeIdCursor(query.cursor) : undefined;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(and(where, cursor ? after(cursor) : undefined))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(query.limit + 1),
    queryRows(
      db,
      sql`select count(*)::int as n from (select 1 from ${auditEvents} ${where ? sql`where ${where}` : sql``} limit ${AUDIT_COUNT_CAP + 1}) capped`,
    ),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  const items = rows.slice(0, query.limit);
  const names = await actorNames(db, items);
  return {
    items: items.map((row) => toAuditEvent(row, names)),
    total: Math.min(total, AUDIT_COUNT_CAP),
    totalIsLowerBound: total > AUDIT_COUNT_CAP,
    nextCursor: rows.length > query.limit ? encodeTimeIdCursor(items.at(-1)!.at, items.at(-1)!.id) : null,
  };
}

const CSV_COLUMNS = ['time', 'actorEmail', 'actorId', 'action', 'targetType', 'targetId', 'summary', 'before', 'after', 'ip', 'userAgent'];
const CSV_BATCH = 500;

/** The filtered log as CSV, newest first, read in keyset batches so a year of events never sits in memory. */
export async function* auditCsv(db: Database, filters: AuditFilters): AsyncGenerator<string> {
  yield UTF8_BOM + csvRow(CSV_COLUMNS);
  const where = auditWhere(filters);
  let cursor: { at: Date; id: string } | undefined;
  for (;;) {
    const batch = await db
      .select()
      .from(auditEvents)
      .where(and(where, cursor ? after(cursor) : undefined))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(CSV_BATCH);
    let chunk = '';
    for (const e of batch) {
      const json = (v: unknown) => (v ? JSON.stringify(v) : '');
      chunk += csvRow([
        e.at.toISOString(),
        e.actorEmail,
        e.actorId,
        e.action,
        e.targetType,
        e.targetId,
        e.summary,
        json(e.before),
        json(e.after),
        e.ip,
        e.userAgent,
      ]);
    }
    if (chunk) yield chunk;
    if (batch.length < CSV_BATCH) return;
    cursor = batch.at(-1)!;
  }
}

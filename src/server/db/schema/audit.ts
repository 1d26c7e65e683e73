import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what, append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, except the deletes of
 * `purge_audit_events(older_than)`, the retention purge. The actor is kept as id and email as they were
 * then, without a foreign key, so that deleting an account changes no event.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The wall clock, not the transaction's start, so events of one transaction keep their order. */
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_events_time_idx').on(t.at.desc(), t.id.desc()),
    index('audit_events_actor_idx').on(t.actorId, t.at.desc(), t.id.desc()),
    index('audit_events_actor_email_idx').on(sql`lower(${t.actorEmail})`, t.at.desc(), t.id.desc()),
    index('audit_events_action_idx').on(t.action, t.at.desc(), t.id.desc()),
    index('audit_events_target_idx').on(t.targetType, t.at.desc(), t.id.desc()),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;

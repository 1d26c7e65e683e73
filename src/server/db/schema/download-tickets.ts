import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';
import { users } from './users';

/**
 * One-time links that let the browser download a file itself, streaming it to disk, where a bearer
 * header cannot be sent. Only the SHA-256 of the link's secret is stored; a ticket lives a minute, is
 * used once, and goes with the session that asked for it (sign-out or revocation ends it).
 */
export const downloadTickets = pgTable(
  'download_tickets',
  {
    id: text('id').primaryKey(),
    sid: text('sid')
      .notNull()
      .references(() => sessions.sid, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What to download, as validated when the ticket was issued. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('download_tickets_expires_at_idx').on(t.expiresAt), index('download_tickets_sid_idx').on(t.sid)],
);

import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Answers of creating calls (`POST`) sent with an `Idempotency-Key` header, kept per member for a day,
 * so a client that retries after a lost answer or a 503 gets the first answer instead of a second
 * prompt. `status` is null while the first call is still running: a retry arriving meanwhile is told
 * to wait instead of running the write twice. `request_hash` ties the key to one method, route and body.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);

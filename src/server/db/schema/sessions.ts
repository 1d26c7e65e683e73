import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The session store. `sid` is the SHA-256 of the bearer token, so a database leak does not leak
 * usable tokens. `user_id` is an addition to the spec's shape: it lets us revoke a user's sessions
 * with an index lookup and removes them with the user.
 */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<{ userId: string; createdAt: string }>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Last time the session was used, written at most every few minutes: it ends idle sessions. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId), index('sessions_last_used_at_idx').on(t.lastUsedAt)],
);

import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Personal API tokens. Only the SHA-256 of a token is kept (`token_hash`), like sessions: a leaked
 * table holds nothing usable. `prefix` is the token's first characters, shown so that its owner can
 * tell tokens apart. A token is removed with its user.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: never expires (admins only). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per token, so that a busy script does not write on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('api_tokens_user_idx').on(t.userId, t.createdAt.desc()),
    index('api_tokens_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('api_tokens_scopes_check', sql`${t.scopes} <@ array['prompts:read', 'prompts:write', 'admin']::text[] and cardinality(${t.scopes}) > 0`),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;

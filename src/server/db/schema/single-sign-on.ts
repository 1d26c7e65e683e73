import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A sign-in with the identity provider in flight: written when the browser leaves for the provider,
 * read once when it comes back. Kept in the database, not in one process's memory, so that the
 * callback may land on any instance. `state_hash` is the SHA-256 of the state sent to the provider.
 */
export const oidcLogins = pgTable('oidc_logins', {
  stateHash: text('state_hash').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** Where the browser returns afterwards: a same-origin path. */
  next: text('next').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** SHA-256 of the random value of the HttpOnly cookie set in the browser that started the flow. */
  browserHash: text('browser_hash').notNull().default(''),
});

/**
 * The hand-over from the callback to the web app: a one-time code in the redirect, exchanged once for
 * a session. `user_id` is set for a known account; for a new one without a unit claim it is null and
 * `profile` holds what the provider said, until the person picks their business unit.
 */
export const oidcHandoffs = pgTable('oidc_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').$type<{ subject: string; email: string; firstName: string; lastName: string; role: 'read' | 'edit' | 'admin' }>(),
  next: text('next').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** SHA-256 of the random value of the HttpOnly cookie set in the browser that started the flow. */
  browserHash: text('browser_hash').notNull().default(''),
});

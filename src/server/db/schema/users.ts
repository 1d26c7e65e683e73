import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    businessUnit: text('business_unit').notNull().default(''),
    /** The business units whose prompts this member curates (verifies, deprecates); admins curate all. */
    curatorUnits: text('curator_units')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    role: text('role', { enum: ['read', 'edit', 'admin'] })
      .notNull()
      .default('edit'),
    // The spec keeps this flag as text ('true' | 'false'); the API keeps that shape.
    mustChangePassword: text('must_change_password').notNull().default('false'),
    /** When an admin-set temporary password stops being accepted; null for a password the user chose. */
    tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true }),
    /** The identity provider's subject (`sub`) of an account linked to single sign-on; null otherwise. */
    oidcSubject: text('oidc_subject'),
    /** Inbox email: 'off', 'each' (one message per item) or 'daily' (a digest of the unread items). */
    inboxEmail: text('inbox_email', { enum: ['off', 'each', 'daily'] })
      .notNull()
      .default('off'),
    /** When the last daily digest went out (or the mode was chosen): the next is due a day later. */
    inboxDigestAt: timestamp('inbox_digest_at', { withTimezone: true }),
    /** The last sign-in (any way): Library Health lists the prompts of owners long away. */
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_last_signed_in_idx').on(t.lastSignedInAt, t.id),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_subject_idx').on(t.oidcSubject),
    index('users_business_unit_lower_idx').on(sql`lower(${t.businessUnit})`),
    check('users_role_check', sql`${t.role} in ('read', 'edit', 'admin')`),
    index('users_inbox_digest_idx')
      .on(t.inboxDigestAt)
      .where(sql`${t.inboxEmail} = 'daily'`),
    check('users_must_change_password_check', sql`${t.mustChangePassword} in ('true', 'false')`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token sent to the user; the token itself is never stored. */
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    used: boolean('used').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('password_reset_tokens_unused_user_idx')
      .on(t.userId)
      .where(sql`${t.used} = false`),
  ],
);

export type UserRow = typeof users.$inferSelect;

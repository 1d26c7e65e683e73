import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { publishInvalidation } from './cache-sync';

// Signed-in requests carry a cached copy of their session and of the user behind it (sessions.repo).
// Whatever changes a user row or ends sessions drops those copies the way prompt writes drop theirs
// (prompt-derived-cache.ts): once, after commit, here and in every instance sharing the database.
// Dropped earlier, inside the transaction, a request could read the old row meanwhile and cache it again.

const listeners = new Set<() => void>();

/** Calls `listener` whenever cached users and sessions must go; returns the function that stops it. */
export function onUsersChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The one way cached sessions and users are invalidated: call it with the root database once the write
 * (its whole transaction) has committed, after any write that changes a user or ends sessions. Other
 * instances are told through PostgreSQL NOTIFY (cache-sync.ts).
 */
export function afterUserWrite(db: Database): void {
  if (is(db, PgTransaction)) throw new Error('afterUserWrite needs the root database, after the transaction has committed');
  dropUserCaches();
  publishInvalidation('sessions');
}

/** This process's part of `afterUserWrite`; also run when another instance reports a change. */
export function dropUserCaches(): void {
  for (const listener of listeners) listener();
}

import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { downloadTickets, type UserRow, users } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';

/** Long enough for the browser to follow the link, short enough that a copied link is useless. */
const DOWNLOAD_TICKET_TTL_MS = 60_000;

/** Stores a one-time ticket for `request` and returns its secret (only the hash is kept). */
export async function issueDownloadTicket(db: Database, sid: string, userId: string, request: Record<string, unknown>): Promise<string> {
  const secret = newToken();
  const now = new Date();
  await db.insert(downloadTickets).values({ id: sha256(secret), sid, userId, request, expiresAt: new Date(now.getTime() + DOWNLOAD_TICKET_TTL_MS) });
  return secret;
}

/** Removes tickets nobody used in time (housekeeping). */
export async function deleteExpiredDownloadTickets(db: Database): Promise<void> {
  await db.delete(downloadTickets).where(lt(downloadTickets.expiresAt, new Date()));
}

/**
 * Uses a ticket up: the row is deleted as it is read, so a second request with the same link finds
 * nothing. Answers the user as they are now (a demoted admin's ticket must not download).
 */
export async function consumeDownloadTicket(db: Database, secret: string): Promise<{ user: UserRow; request: Record<string, unknown> } | undefined> {
  const [ticket] = await db
    .delete(downloadTickets)
    .where(and(eq(downloadTickets.id, sha256(secret)), gt(downloadTickets.expiresAt, new Date())))
    .returning({ userId: downloadTickets.userId, request: downloadTickets.request });
  if (!ticket) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, ticket.userId));
  return user ? { user, request: ticket.request } : undefined;
}

import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oidcHandoffs, oidcLogins } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';

/** A sign-in at the provider may take this long (typing a password, a second factor). */
export const LOGIN_TTL_MS = 15 * 60 * 1000;
/**
 * The one-time code in the /auth/sso link. The page exchanges it at once, or after the person picks a
 * business unit; long enough for that choice, short enough that a copied link is soon worthless.
 */
export const HANDOFF_TTL_MS = 15 * 60 * 1000;

export type HandoffProfile = NonNullable<typeof oidcHandoffs.$inferSelect.profile>;

/**
 * Records a sign-in leaving for the provider; only the state's SHA-256 is the key. `browserHash` is
 * the SHA-256 of the cookie value that binds the flow to the browser that started it.
 */
export async function insertLogin(
  db: Database,
  login: { state: string; nonce: string; codeVerifier: string; next: string; browserHash: string },
): Promise<void> {
  await db.insert(oidcLogins).values({
    stateHash: sha256(login.state),
    nonce: login.nonce,
    codeVerifier: login.codeVerifier,
    next: login.next,
    browserHash: login.browserHash,
    expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
  });
}

/**
 * Takes the sign-in a state belongs to, once: the row is deleted as it is read, so a replayed or
 * concurrent callback with the same state finds nothing. Expired rows count as absent.
 */
export async function takeLogin(db: Database, state: string) {
  const [row] = await db
    .delete(oidcLogins)
    .where(eq(oidcLogins.stateHash, sha256(state)))
    .returning();
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}

/**
 * Stores the hand-over to the web app and returns its one-time code (only the SHA-256 is kept). It
 * carries on the browser binding of the sign-in it came from: only that browser may exchange it.
 */
export async function insertHandoff(
  db: Database,
  handoff: { userId: string | null; profile: HandoffProfile | null; next: string; browserHash: string },
): Promise<string> {
  const code = newToken();
  await db.insert(oidcHandoffs).values({ codeHash: sha256(code), ...handoff, expiresAt: new Date(Date.now() + HANDOFF_TTL_MS) });
  return code;
}

/** The live hand-over behind a code, locked until the caller's transaction ends. */
export async function lockHandoff(tx: Database, code: string) {
  const [row] = await tx
    .select()
    .from(oidcHandoffs)
    .where(and(eq(oidcHandoffs.codeHash, sha256(code)), gt(oidcHandoffs.expiresAt, new Date())))
    .for('update')
    .limit(1);
  return row;
}

export async function deleteHandoff(tx: Database, codeHash: string): Promise<void> {
  await tx.delete(oidcHandoffs).where(eq(oidcHandoffs.codeHash, codeHash));
}

/** Housekeeping: sign-ins never completed and hand-overs never exchanged. */
export async function deleteExpiredSsoRows(db: Database): Promise<void> {
  const now = new Date();
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
  await db.delete(oidcHandoffs).where(lt(oidcHandoffs.expiresAt, now));
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { type AuditActor, recordAuditEvents } from '../audit/audit';

/** How the audit log names a token: “Nightly sync” (prompts:read, prompts:write). */
export const describeToken = (name: string, scopes: readonly string[]) => `“${name}” (${scopes.join(', ')})`;

/**
 * Revokes every API token of `ownerId`, in the caller's transaction, with one `token.revoked` event
 * per token as a single revocation records it; `reason` ends each summary ("with a password reset").
 * A token is checked against the database on every call, so the revocation counts at once everywhere.
 * Returns how many went.
 */
export async function revokeAllTokensOf(db: Database, ownerId: string, actor: AuditActor, reason: string): Promise<number> {
  const revoked = await db.delete(apiTokens).where(eq(apiTokens.userId, ownerId)).returning();
  await recordAuditEvents(
    db,
    revoked.map((row) => ({
      actor,
      action: 'token.revoked' as const,
      target: { type: 'api_token' as const, id: row.id },
      summary: `${row.userId === actor.id ? 'Revoked API token' : 'Revoked another member’s API token'} ${describeToken(row.name, row.scopes)} ${reason}`,
      before: { name: row.name, scopes: row.scopes, owner: row.userId },
    })),
  );
  return revoked.length;
}

import { and, eq, gt, ne } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS } from '../../../shared/constants';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';
import { invalidFields } from '../../errors';
import { hashPassword, newToken, sha256 } from '../../lib/crypto';
import type { Mailer } from '../../lib/mailer';
import { assertPasswordAllowed } from '../../lib/password-policy';
import { findUserByEmail, findUserById, updateUser } from '../users/users.service';
import { recordAudit } from '../audit/audit';
import { revokeUserSessions } from './sessions.repo';
import { revokeAllTokensOf } from '../tokens/tokens.service';
import { afterUserWrite } from '../../lib/user-derived-cache';

/** Same answer whether or not the address has an account, so the form cannot be used to probe. */
export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email address, a password reset link has been sent. It expires in 1 hour.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. You can now sign in with your new password.';

interface Delivery {
  config: AppConfig;
  mailer: Mailer | undefined;
  log: (msg: string) => void;
}

function resetLink(config: AppConfig, token: string): string {
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  return new URL(`/reset-password?token=${encodeURIComponent(token)}`, base).toString();
}

export async function requestPasswordReset(db: Database, email: string, { config, mailer, log }: Delivery): Promise<{ message: string; token?: string }> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    const typed = email.trim().slice(0, 254);
    await recordAudit(db, {
      actor: { id: null, email: typed.toLowerCase() },
      action: 'auth.reset_requested',
      summary: `Password reset asked for ${typed}, which has no account`,
    });
    return { message: RESET_REQUESTED_MESSAGE };
  }

  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      token: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    await recordAudit(tx, {
      actor: user,
      action: 'auth.reset_requested',
      target: { type: 'user', id: user.id },
      summary: `Password reset asked for ${user.email}`,
    });
  });
  const link = resetLink(config, token);
  switch (config.passwordResetDelivery) {
    case 'email':
      // Sent in the background: waiting for SMTP would reveal by timing that the account exists.
      mailer
        ?.send({
          to: user.email,
          subject: 'Reset your AI Prompts Database password',
          text: `Someone asked to reset the password of your AI Prompts Database account.\n\nOpen this link within 1 hour to choose a new password:\n${link}\n\nIf it was not you, ignore this email.`,
        })
        .catch((err: unknown) => log(`password reset email to ${user.email} failed: ${String(err)}`));
      return { message: RESET_REQUESTED_MESSAGE };
    case 'log':
      log(`Password reset link for ${user.email} (valid 1 hour): ${link}`);
      return { message: RESET_REQUESTED_MESSAGE };
    case 'response':
      return { message: RESET_REQUESTED_MESSAGE, token };
  }
}

/**
 * Marks every unused reset token of a user as used, except `keepId`: once the password has been set
 * (by a reset, a change or an administrator) an older link must not set it again.
 */
export async function invalidateResetTokens(db: Database, userId: string, keepId?: string): Promise<void> {
  const mine = and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.used, false));
  await db
    .update(passwordResetTokens)
    .set({ used: true })
    .where(keepId ? and(mine, ne(passwordResetTokens.id, keepId)) : mine);
}

const invalidLink = () => invalidFields(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });

/**
 * Sets a new password from a reset link. The token is looked up before anything costly: a bogus
 * token costs one indexed read, never an argon2 hash. `onAccount` runs once the account is known
 * (the route counts attempts per account there).
 */
export async function completePasswordReset(
  db: Database,
  token: string,
  newPassword: string,
  onAccount: (userId: string) => Promise<void> | void = () => {},
): Promise<string> {
  const tokenHash = sha256(token);
  const [found] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.token, tokenHash), eq(passwordResetTokens.used, false), gt(passwordResetTokens.expiresAt, new Date())))
    .limit(1);
  if (!found) throw invalidLink();
  await onAccount(found.userId);
  const user = await findUserById(db, found.userId);
  if (!user) throw invalidLink();
  await assertPasswordAllowed(newPassword, user, 'newPassword');
  const password = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // Flipping `used` in the same statement that checks it makes the token single-use under races.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ used: true })
      .where(and(eq(passwordResetTokens.id, found.id), eq(passwordResetTokens.used, false), gt(passwordResetTokens.expiresAt, new Date())))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw invalidLink();
    await updateUser(tx, claimed.userId, { password, mustChangePassword: 'false', tempPasswordExpiresAt: null });
    await invalidateResetTokens(tx, claimed.userId);
    await revokeUserSessions(tx, claimed.userId);
    await recordAudit(tx, {
      actor: user,
      action: 'auth.reset_completed',
      target: { type: 'user', id: user.id },
      summary: `${user.email} set a new password from a reset link`,
    });
    // Whoever made the reset necessary may hold the member's tokens too.
    await revokeAllTokensOf(tx, claimed.userId, user, 'with a password reset link');
  });
  afterUserWrite(db);
  return RESET_DONE_MESSAGE;
}

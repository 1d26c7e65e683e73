import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { body, createTestApp, type TestApp } from '../../test/test-app';
import { RESET_LINK_INVALID, RESET_REQUESTED_MESSAGE } from './password-reset.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ passwordResetDelivery: 'response' });
});
afterAll(() => t.close());

const request = (app: TestApp, email: string) => app.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email } });
const complete = (payload: object) => t.app.inject({ method: 'POST', url: '/api/password-reset/complete', payload });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

describe('password reset in response mode', () => {
  it('returns a token for a known email, stores only its hash, and expires it after an hour', async () => {
    const u = await t.register();
    const res = await request(t, ` ${u.user.email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    const { message, token } = body<{ message: string; token: string }>(res);
    expect(message).toBe(RESET_REQUESTED_MESSAGE);
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.token, sha256(token)));
    expect(row).toMatchObject({ userId: u.user.id, used: false });
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('answers an unknown email with the same message and no token', async () => {
    const res = await request(t, 'nobody@example.com');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ message: RESET_REQUESTED_MESSAGE });
  });

  it('sets the new password once, revokes every session, and refuses the token a second time', async () => {
    const u = await t.register();
    const { token } = body<{ token: string }>(await request(t, u.user.email));
    const done = await complete({ token, newPassword: 'reset password 1', confirmPassword: 'reset password 1' });
    expect(done.statusCode).toBe(200);
    expect(body<{ message: string }>(done).message).toMatch(/reset/i);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth })).statusCode).toBe(401);
    expect((await login(u.user.email, 'reset password 1')).statusCode).toBe(200);
    expect((await login(u.user.email, u.password)).statusCode).toBe(401);

    const again = await complete({ token, newPassword: 'reset password 2', confirmPassword: 'reset password 2' });
    expect(again.statusCode).toBe(400);
    expect(body(again)).toMatchObject({ message: RESET_LINK_INVALID, code: 'validation_failed' });
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.token, sha256(token)));
    expect(row!.used).toBe(true);
  });

  it('refuses an expired token', async () => {
    const u = await t.register();
    const { token } = body<{ token: string }>(await request(t, u.user.email));
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.token, sha256(token)));
    const res = await complete({ token, newPassword: 'reset password 1', confirmPassword: 'reset password 1' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'validation_failed' });
  });

  it('validates the completion payload with the specified messages', async () => {
    const res = await complete({ token: '', newPassword: 'short', confirmPassword: '' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      errors: {
        token: 'Reset token is required',
        newPassword: 'Password must be at least 8 characters',
        confirmPassword: 'Please confirm your password',
      },
    });
    const mismatch = await complete({ token: 'abc', newPassword: 'longenough', confirmPassword: 'different' });
    expect(body(mismatch)).toMatchObject({ errors: { confirmPassword: "Passwords don't match" } });
    const badEmail = await request(t, 'not an email');
    expect(body(badEmail)).toMatchObject({ errors: { email: 'Please enter a valid email address' } });
  });
});

describe('other delivery modes', () => {
  it('log mode writes the link to the server log and never returns the token', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      { passwordResetDelivery: 'log', logLevel: 'warn', publicUrl: 'https://prompts.example.org' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const u = await logged.register();
      const res = await request(logged, u.user.email);
      expect(body(res)).toEqual({ message: RESET_REQUESTED_MESSAGE });
      const link = lines.join('\n').match(/https:\/\/prompts\.example\.org\/reset-password\?token=([\w-]+)/);
      expect(link).not.toBeNull();
      const [row] = await logged.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.token, sha256(link![1]!)));
      expect(row?.userId).toBe(u.user.id);
    } finally {
      await logged.close();
    }
  });

  it('email mode sends the link to the account address and never returns the token', async () => {
    const sent: Array<{ to: string; text: string }> = [];
    const mailed = await createTestApp(
      { passwordResetDelivery: 'email', publicUrl: 'http://intranet:5000' },
      { mailer: { send: async (m) => void sent.push(m) } },
    );
    try {
      const u = await mailed.register();
      const res = await request(mailed, u.user.email);
      expect(body(res)).toEqual({ message: RESET_REQUESTED_MESSAGE });
      await new Promise((r) => setTimeout(r, 20));
      expect(sent).toHaveLength(1);
      expect(sent[0]!.to).toBe(u.user.email);
      expect(sent[0]!.text).toMatch(/http:\/\/intranet:5000\/reset-password\?token=[\w-]+/);
      await request(mailed, 'unknown@example.com');
      expect(sent).toHaveLength(1);
    } finally {
      await mailed.close();
    }
  });
});

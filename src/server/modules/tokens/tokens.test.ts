import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TOKENS_PER_USER } from '../../../shared/schemas/tokens';
import { queryRows } from '../../db/client';
import { apiTokens, users } from '../../db/schema';
import { dropUserCaches } from '../../lib/user-derived-cache';
import { body, changeRoleAsAdmin, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';
import { insertToken } from './tokens.repo';

let t: TestApp;
let cast: Awaited<ReturnType<typeof usersForEveryRole>>;
beforeAll(async () => {
  t = await createTestApp({ apiTokenRateLimit: 1_000 });
  cast = await usersForEveryRole(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const asSession = (u: TestUser, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
const withToken = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function makeToken(u: TestUser, scopes: string[], expiresInDays: number | null = 30, name = 'Script') {
  const res = await asSession(u, 'POST', '/api/tokens', { name, scopes, expiresInDays });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ token: string; apiToken: { id: string; prefix: string; lastUsedAt: string | null } }>(res);
}
const prompt = (title: string) => ({ title, content: 'Summarise {{text}}', aiModels: ['ChatGPT'], tags: ['Tokens'] });

describe('personal API tokens', () => {
  it('shows a new token once, stores only its hash, and lists it without the secret', async () => {
    const { token, apiToken } = await makeToken(cast.editor, ['prompts:read'], 90, 'Nightly sync');
    expect(token).toMatch(/^apd_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(apiToken.prefix)).toBe(true);
    const list = body<{ items: Array<Record<string, unknown>> }>(await asSession(cast.editor, 'GET', '/api/tokens'));
    const listed = list.items.find((i) => i.id === apiToken.id)!;
    expect(listed).toMatchObject({ name: 'Nightly sync', scopes: ['prompts:read'], lastUsedAt: null });
    expect(JSON.stringify(list)).not.toContain(token);
    const days = (Date.parse(String(listed.expiresAt)) - Date.parse(String(listed.createdAt))) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const stored = await queryRows(t.db, sql`select * from api_tokens where id = ${apiToken.id}`);
    expect(JSON.stringify(stored)).not.toContain(token.slice(12));
    // Another member sees none of it.
    expect(body<{ items: unknown[] }>(await asSession(cast.other, 'GET', '/api/tokens')).items.some((i) => (i as { id: string }).id === apiToken.id)).toBe(
      false,
    );
  });

  it('works as a bearer token on the routes its scopes open, and records when it was last used', async () => {
    const read = await makeToken(cast.editor, ['prompts:read']);
    const write = await makeToken(cast.editor, ['prompts:read', 'prompts:write']);
    expect((await withToken(read.token, 'GET', '/api/prompts')).statusCode).toBe(200);
    const refused = await withToken(read.token, 'POST', '/api/prompts', prompt('Read token write'));
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ code: 'insufficient_scope', message: expect.stringContaining('prompts:write') });
    const created = await withToken(write.token, 'POST', '/api/prompts', prompt('Made by a script'));
    expect(created.statusCode, created.body).toBe(201);
    const id = body<{ id: string }>(created).id;
    const fetched = body<{ title: string; userId: string }>(await withToken(read.token, 'GET', `/api/prompts/${id}`));
    expect(fetched).toMatchObject({ title: 'Made by a script', userId: cast.editor.user.id });
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, read.apiToken.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('is never accepted on sign-in, password, profile or token routes, whatever its scopes', async () => {
    const { token } = await makeToken(cast.admin, ['prompts:read', 'prompts:write', 'admin'], null);
    const closed: Array<[Method, string, unknown?]> = [
      ['GET', '/api/user'],
      ['PUT', '/api/profile', { firstName: 'X', lastName: 'Y', businessUnit: 'Research' }],
      ['POST', '/api/change-password', { currentPassword: 'a', newPassword: 'b' }],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'More', scopes: ['admin'], expiresInDays: null }],
      ['DELETE', `/api/tokens/${cast.admin.user.id}`],
      ['GET', '/api/admin/tokens'],
      ['POST', '/api/admin/export/tickets', {}],
    ];
    for (const [method, url, payload] of closed) {
      const res = await withToken(token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(body(res), `${method} ${url}`).toMatchObject({ code: 'insufficient_scope' });
    }
    // A password reset is for a signed-in session, which the answer says to use.
    const reset = await withToken(token, 'POST', `/api/admin/users/${cast.reader.user.id}/reset-password`);
    expect(body(reset)).toEqual({ code: 'session_required', message: 'Sign in to the web app to do this: API tokens cannot reset passwords' });
    // The admin scope opens the admin API.
    expect((await withToken(token, 'GET', '/api/admin/users')).statusCode).toBe(200);
  });

  it('offers the admin scope and tokens that never expire to administrators only', async () => {
    for (const u of [cast.editor, cast.reader]) {
      const admin = await asSession(u, 'POST', '/api/tokens', { name: 'x', scopes: ['admin'], expiresInDays: 30 });
      expect(admin.statusCode).toBe(403);
      expect(body(admin)).toMatchObject({ code: 'scope_not_allowed', message: 'Only administrators can create tokens with the admin scope' });
      const forever = await asSession(u, 'POST', '/api/tokens', { name: 'x', scopes: ['prompts:read'], expiresInDays: null });
      expect(body(forever)).toMatchObject({ code: 'expiry_not_allowed' });
    }
    const readerWrite = await asSession(cast.reader, 'POST', '/api/tokens', { name: 'x', scopes: ['prompts:write'], expiresInDays: 30 });
    expect(readerWrite.statusCode).toBe(403);
    expect(body(readerWrite).message).toMatch(/Read-only members cannot create tokens with the scope prompts:write/);
    const readerRead = await makeToken(cast.reader, ['prompts:read']);
    // A read member's token may record uses and favourites: their own bookkeeping.
    const mine = body<{ id: string }>(await asSession(cast.editor, 'POST', '/api/prompts', prompt('Starred by a reader')));
    expect((await withToken(readerRead.token, 'PUT', `/api/prompts/${mine.id}/favorite`)).statusCode).toBe(204);
    expect((await withToken(readerRead.token, 'POST', `/api/prompts/${mine.id}/uses`, { kind: 'copy' })).statusCode).toBe(204);
  });

  it('names each bad field of a new token', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: '  ', scopes: ['prompts:read'], expiresInDays: 30 }, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['prompts:read'], expiresInDays: 30 }, 'name'],
      [{ name: 'x', scopes: [], expiresInDays: 30 }, 'scopes'],
      [{ name: 'x', scopes: ['prompts:delete'], expiresInDays: 30 }, 'scopes'],
      [{ name: 'x', scopes: ['prompts:read', 'prompts:read'], expiresInDays: 30 }, 'scopes'],
      [{ name: 'x', scopes: ['prompts:read'], expiresInDays: 7 }, 'expiresInDays'],
      [{ name: 'x', scopes: ['prompts:read'] }, 'expiresInDays'],
    ];
    for (const [payload, field] of cases) {
      const res = await asSession(cast.editor, 'POST', '/api/tokens', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(body(res))).toContain(field);
    }
  });

  it('stops working when revoked, expired, or its owner is deleted; a demoted owner loses its extra rights at once', async () => {
    const revoked = await makeToken(cast.editor, ['prompts:read']);
    expect((await asSession(cast.other, 'DELETE', `/api/tokens/${revoked.apiToken.id}`)).statusCode).toBe(404);
    expect((await asSession(cast.editor, 'DELETE', `/api/tokens/${revoked.apiToken.id}`)).statusCode).toBe(204);
    const after = await withToken(revoked.token, 'GET', '/api/prompts');
    expect(after.statusCode).toBe(401);
    expect(body(after)).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('revoked') });

    const expiring = await makeToken(cast.editor, ['prompts:read']);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.apiToken.id));
    expect((await withToken(expiring.token, 'GET', '/api/prompts')).statusCode).toBe(401);

    const demoted = await t.userWithRole('admin', { firstName: 'Dee', lastName: 'Moted' });
    const strong = await makeToken(demoted, ['prompts:read', 'prompts:write', 'admin'], null);
    expect((await withToken(strong.token, 'GET', '/api/admin/users')).statusCode).toBe(200);
    expect((await changeRoleAsAdmin(t, cast.admin, demoted, 'read')).statusCode).toBe(200);
    expect(body(await withToken(strong.token, 'GET', '/api/admin/users'))).toMatchObject({ code: 'insufficient_scope' });
    expect(body(await withToken(strong.token, 'POST', '/api/prompts', prompt('After demotion')))).toMatchObject({ code: 'insufficient_scope' });
    expect((await withToken(strong.token, 'GET', '/api/prompts')).statusCode).toBe(200);

    const deletedUser = await t.userWithRole('edit');
    const orphan = await makeToken(deletedUser, ['prompts:read']);
    expect((await asSession(cast.admin, 'DELETE', `/api/admin/users/${deletedUser.user.id}`, { transferTo: cast.admin.user.id })).statusCode).toBeLessThan(300);
    expect((await withToken(orphan.token, 'GET', '/api/prompts')).statusCode).toBe(401);
  });

  it('is refused for a member who must first replace a temporary password', async () => {
    const u = await t.userWithRole('edit');
    const { token } = await makeToken(u, ['prompts:read']);
    await t.db.update(users).set({ mustChangePassword: 'true' }).where(eq(users.id, u.user.id));
    dropUserCaches();
    expect(body(await withToken(token, 'GET', '/api/prompts'))).toMatchObject({ code: 'password_change_required' });
  });

  it('refuses a 51st token', async () => {
    const u = await t.userWithRole('edit');
    for (let i = 0; i < MAX_TOKENS_PER_USER; i++) await insertToken(t.db, { userId: u.user.id, name: `t${i}`, scopes: ['prompts:read'], expiresInDays: 30 });
    const res = await asSession(u, 'POST', '/api/tokens', { name: 'one more', scopes: ['prompts:read'], expiresInDays: 30 });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'too_many_tokens' });
  });

  it('lets admins list everyone’s tokens page by page and revoke them, and records creation and revocation', async () => {
    const victim = await makeToken(cast.other, ['prompts:read'], 30, 'Otto’s laptop');
    const seen: Array<{ id: string; owner: { email: string } }> = [];
    let cursor: string | null = null;
    do {
      const res = await asSession(cast.admin, 'GET', `/api/admin/tokens?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = body<{ items: typeof seen; total: number; nextCursor: string | null }>(res);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen.map((s) => s.id)).size).toBe(seen.length);
    expect(seen.find((s) => s.id === victim.apiToken.id)?.owner.email).toBe(cast.other.user.email);
    expect((await asSession(cast.editor, 'GET', '/api/admin/tokens')).statusCode).toBe(403);
    expect((await asSession(cast.admin, 'DELETE', `/api/admin/tokens/${victim.apiToken.id}`)).statusCode).toBe(204);
    expect((await withToken(victim.token, 'GET', '/api/prompts')).statusCode).toBe(401);
    expect((await asSession(cast.admin, 'DELETE', `/api/admin/tokens/${victim.apiToken.id}`)).statusCode).toBe(404);
    const events = await queryRows(t.db, sql`select action, actor_id, summary from audit_events where target_id = ${victim.apiToken.id} order by at`);
    expect(events.map((e) => e.action)).toEqual(['token.created', 'token.revoked']);
    expect(String(events[1]!.summary)).toContain('another member’s API token');
    expect(events[1]!.actor_id).toBe(cast.admin.user.id);
  });
});

describe('the per-token rate limit', () => {
  it('answers 429 with Retry-After once a token has made its calls for the minute, and leaves other tokens alone', async () => {
    const small = await createTestApp({ apiTokenRateLimit: 3 });
    try {
      const u = await small.register();
      const make = async () => {
        const res = await small.app.inject({
          method: 'POST',
          url: '/api/tokens',
          headers: u.auth,
          payload: { name: 'n', scopes: ['prompts:read'], expiresInDays: 30 },
        });
        return body<{ token: string }>(res).token;
      };
      const [first, second] = [await make(), await make()];
      const call = (token: string) => small.app.inject({ method: 'GET', url: '/api/prompts', headers: { authorization: `Bearer ${token}` } });
      for (let i = 0; i < 3; i++) expect((await call(first)).statusCode).toBe(200);
      const limited = await call(first);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(body(limited).message).toMatch(/^Too many requests with this API token\. Please wait \d+ seconds/);
      expect((await call(second)).statusCode).toBe(200);
      // The browser session of the same member is not counted against the token.
      expect((await small.app.inject({ method: 'GET', url: '/api/prompts', headers: u.auth })).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

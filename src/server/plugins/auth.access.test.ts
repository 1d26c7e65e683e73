import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { dropUserCaches } from '../lib/user-derived-cache';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../test/test-app';
import { registerAuth, type RouteAccess } from './auth';
import type { TokenScope } from '../../shared/schemas/tokens';
import { insertToken } from '../modules/tokens/tokens.repo';
import { SESSION_REQUIRED, sessionRequiredMessage } from '../../shared/policies/tokens';

let t: TestApp;
let cast: Awaited<ReturnType<typeof usersForEveryRole>>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await usersForEveryRole(t);
});
afterAll(() => t.close());

const someId = '00000000-0000-4000-8000-000000000000';
/** The API routes as registered (Fastify adds a HEAD for every GET; those share the GET's options). */
const apiRoutes = () =>
  t.app.routeAccessTable.filter((r) => r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url === '/healthz' || r.url === '/readyz' || r.url === '/mcp'));
const concreteUrl = (url: string) => url.replace(/:[A-Za-z]+/g, someId);
const routesWith = (access: RouteAccess) => apiRoutes().filter((r) => r.access === access);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A body that would fail validation everywhere, and is not even JSON: it must never be looked at. */
const call = (method: string, url: string, auth?: { authorization: string }) =>
  t.app.inject({
    method: method as Method,
    url: concreteUrl(url),
    headers: { ...auth, 'content-type': 'application/json' },
    payload: method === 'GET' || method === 'DELETE' ? undefined : '{"broken": ',
  });

describe('declared route access', () => {
  it('every API route declares who may call it, and only the listed ones are public', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !r.access)).toEqual([]);
    expect(
      routesWith('public')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'DELETE /mcp',
      'GET /api/auth/oidc/callback',
      'GET /api/auth/oidc/start',
      'GET /api/auth/options',
      'GET /api/business-units',
      'GET /api/docs',
      'GET /api/docs/json',
      'GET /api/docs/static/*',
      'GET /api/docs/static/index.html',
      'GET /api/docs/static/swagger-initializer.js',
      'GET /api/docs/static/theme/reference-page.css',
      'GET /api/docs/static/theme/reference-page.js',
      'GET /api/docs/yaml',
      'GET /api/downloads/:ticket',
      'GET /api/openapi.json',
      'GET /healthz',
      'GET /mcp',
      'GET /readyz',
      'POST /api/auth/oidc/exchange',
      'POST /api/login',
      'POST /api/logout',
      'POST /api/password-reset/complete',
      'POST /api/password-reset/request',
      'POST /api/register',
    ]);
    // Under /api/admin/ only administrators, and curators where a route narrows itself to their units.
    const curatorRoutes = routes.filter((r) => r.access === 'curator').map((r) => `${r.method} ${r.url}`);
    expect(curatorRoutes.sort()).toEqual(['units', 'unused', 'duplicates', 'orphaned', 'top'].map((l) => `GET /api/admin/library-health/${l}`).sort());
    for (const r of routes.filter((r) => r.url.startsWith('/api/admin/') && r.access !== 'curator')) expect(r.access, r.url).toBe('admin');
  });

  it('refuses to register an API route without a declared access, or an admin path with a weaker one', async () => {
    const app = Fastify();
    app.decorate('db', t.db);
    registerAuth(app);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no access/);
    expect(() => app.get('/api/admin/weak', { config: { access: 'signedIn' } }, async () => 'x')).toThrow(/under \/api\/admin\//);
    await app.close();
  });

  it('answers 401 to a signed-out call of every non-public route before reading its body', async () => {
    for (const r of apiRoutes().filter((r) => r.access !== 'public')) {
      const res = await call(r.method, r.url);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(body(res), `${r.method} ${r.url}`).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('answers 403 before validation when the role is not enough', async () => {
    for (const r of [...routesWith('editor'), ...routesWith('admin')]) {
      const res = await call(r.method, r.url, cast.reader.auth);
      expect(res.statusCode, `read: ${r.method} ${r.url}`).toBe(403);
      expect(body(res)).toMatchObject({ code: 'forbidden' });
    }
    for (const r of routesWith('admin')) {
      const res = await call(r.method, r.url, cast.editor.auth);
      expect(res.statusCode, `edit: ${r.method} ${r.url}`).toBe(403);
    }
    const create = await t.app.inject({ method: 'POST', url: '/api/prompts', headers: cast.reader.auth, payload: {} });
    expect(body(create)).toEqual({ code: 'forbidden', message: 'Read-only members cannot create prompts' });
  });

  it('checks the route the router matched, whatever the spelling of its URL', async () => {
    // The percent-encoded spelling reaches the admin route: it is refused before its body is validated.
    const asEditor = await call('POST', '/api/%61dmin/users', cast.editor.auth);
    expect(asEditor.statusCode).toBe(403);
    expect((await call('POST', '/api/%61dmin/users')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/%61dmin/users', headers: cast.admin.auth })).statusCode).toBe(200);
  });

  it('lets only members who write prompts add a business unit', async () => {
    const add = (auth: { authorization: string } | undefined, name: string) =>
      t.app.inject({ method: 'POST', url: '/api/business-units', headers: auth, payload: { name } });
    expect((await add(undefined, 'Visitors Unit')).statusCode).toBe(401);
    const asReader = await add(cast.reader.auth, 'Readers Unit');
    expect(asReader.statusCode).toBe(403);
    expect(body(asReader)).toMatchObject({ message: 'Read-only members cannot add business units' });
    expect((await add(cast.editor.auth, 'Editors Unit')).statusCode).toBe(201);
    expect((await add(cast.admin.auth, 'Admins Unit')).statusCode).toBe(201);
    // Sign-up still adds a new unit of its own, through /api/register.
    const newcomer = await t.register({ businessUnit: 'Brand New Unit' });
    expect(newcomer.user.businessUnit).toBe('Brand New Unit');
  });
});

/**
 * The routes besides admin ones that a personal API token may call, and the scope each needs. The
 * routes declare it (`config.token`); this list is here so that opening one more is a visible change.
 */
const OPEN_TO_TOKENS: Record<string, TokenScope> = {
  'GET /api/prompts': 'prompts:read',
  'GET /api/prompts/my': 'prompts:read',
  'GET /api/prompts/recent': 'prompts:read',
  'GET /api/prompts/:id': 'prompts:read',
  'GET /api/prompts/:id/versions': 'prompts:read',
  'GET /api/prompts/:id/versions/:number': 'prompts:read',
  'GET /api/prompts/:id/owners': 'prompts:read',
  'GET /api/tags': 'prompts:read',
  'GET /api/filter/ai-models': 'prompts:read',
  'GET /api/filter/tags': 'prompts:read',
  'GET /api/filter/counts': 'prompts:read',
  'GET /api/filter/values': 'prompts:read',
  'GET /api/ai-models': 'prompts:read',
  'GET /api/form-fields': 'prompts:read',
  'GET /api/prompt-defaults': 'prompts:read',
  'GET /api/trash': 'prompts:read',
  'POST /api/prompts/:id/uses': 'prompts:read',
  'PUT /api/prompts/:id/favorite': 'prompts:read',
  'DELETE /api/prompts/:id/favorite': 'prompts:read',
  'PUT /api/prompts/:id/vote': 'prompts:read',
  'DELETE /api/prompts/:id/vote': 'prompts:read',
  'GET /api/prompts/:id/feedback': 'prompts:read',
  'GET /api/review': 'prompts:read',
  'PUT /api/prompts/:id/status': 'prompts:write',
  'POST /api/prompts/:id/suggestions': 'prompts:read',
  'POST /api/prompts/similar': 'prompts:read',
  'GET /api/prompts/:id/related': 'prompts:read',
  'POST /api/prompts/:id/render': 'prompts:read',
  'POST /api/prompts/merge': 'prompts:write',
  'GET /api/prompts/:id/suggestions': 'prompts:read',
  'GET /api/suggestions': 'prompts:read',
  'GET /api/suggestions/:id': 'prompts:read',
  'POST /api/suggestions/:id/accept': 'prompts:write',
  'POST /api/suggestions/:id/decline': 'prompts:write',
  'GET /api/inbox': 'prompts:read',
  'GET /api/inbox/unread': 'prompts:read',
  'POST /api/inbox/read': 'prompts:read',
  'GET /api/inbox/settings': 'prompts:read',
  'PUT /api/inbox/settings': 'prompts:read',
  'POST /api/prompts': 'prompts:write',
  'POST /api/prompts/bulk': 'prompts:write',
  'PUT /api/prompts/:id': 'prompts:write',
  'DELETE /api/prompts/:id': 'prompts:write',
  'PUT /api/prompts/:id/owners': 'prompts:write',
  'GET /api/prompt-writers': 'prompts:write',
  'POST /api/prompts/:id/versions/:number/restore': 'prompts:write',
  'POST /api/trash/:id/restore': 'prompts:write',
  'POST /api/business-units': 'prompts:write',
  'POST /api/ai-models': 'prompts:write',
  'GET /api/collections': 'prompts:read',
  'GET /api/collections/:id': 'prompts:read',
  'GET /api/collections/:id/owners': 'prompts:read',
  'PUT /api/collections/:id/star': 'prompts:read',
  'DELETE /api/collections/:id/star': 'prompts:read',
  'POST /api/collections': 'prompts:write',
  'PUT /api/collections/:id': 'prompts:write',
  'DELETE /api/collections/:id': 'prompts:write',
  'PUT /api/collections/:id/owners': 'prompts:write',
  'POST /api/collections/:id/items': 'prompts:write',
  'PUT /api/collections/:id/items': 'prompts:write',
  'DELETE /api/collections/:id/items/:promptId': 'prompts:write',
  'GET /api/ai/options': 'prompts:read',
  'POST /api/prompts/:id/run': 'prompts:read',
  'GET /api/snippets': 'prompts:read',
  'GET /api/snippets/:id': 'prompts:read',
  'POST /api/snippets': 'prompts:write',
  'POST /api/snippets/expand': 'prompts:read',
  'PUT /api/snippets/:id': 'prompts:write',
  'DELETE /api/snippets/:id': 'prompts:write',
  'POST /mcp': 'prompts:read',
  // Curators' routes take the administrators' tokens only (a curator cannot hold the admin scope).
  'GET /api/admin/library-health/units': 'admin',
  'GET /api/admin/library-health/unused': 'admin',
  'GET /api/admin/library-health/duplicates': 'admin',
  'GET /api/admin/library-health/orphaned': 'admin',
  'GET /api/admin/library-health/top': 'admin',
};

/** Admin routes no token may call, even with the `admin` scope. */
const ADMIN_ROUTES_REFUSING_TOKENS = [
  'GET /api/admin/tokens',
  'DELETE /api/admin/tokens/:id',
  'POST /api/admin/export/tickets',
  'POST /api/admin/audit/export/tickets',
  'POST /api/admin/users (session only: createUser)',
  'POST /api/admin/users/:id/reset-password (session only: resetPassword)',
  'GET /api/admin/backup (session only: downloadBackup)',
];

describe('personal API tokens on every route', () => {
  const bearer = async (u: TestUser, scopes: TokenScope[]) => ({
    authorization: `Bearer ${(await insertToken(t.db, { userId: u.user.id, name: 'Walk', scopes, expiresInDays: 30 })).token}`,
  });

  it('are open exactly where the routes declare it, and only on the routes listed here', () => {
    const declared = Object.fromEntries(
      apiRoutes()
        .filter((r) => r.tokenScope !== null && r.access !== 'admin')
        .map((r) => [`${r.method} ${r.url}`, r.tokenScope]),
    );
    expect(declared).toEqual(OPEN_TO_TOKENS);
    const adminRefusing = apiRoutes()
      .filter((r) => r.access === 'admin' && r.tokenScope === null)
      .map((r) => `${r.method} ${r.url}${r.sessionOnly ? ` (session only: ${r.sessionOnly})` : ''}`);
    expect(adminRefusing.sort()).toEqual(ADMIN_ROUTES_REFUSING_TOKENS.sort());
  });

  it('are refused on every route whose declaration does not open it, and on none it opens', async () => {
    const all = await bearer(cast.admin, ['prompts:read', 'prompts:write', 'admin']);
    const open: string[] = [];
    const sessionOnly: string[] = [];
    for (const r of apiRoutes().filter((r) => r.access !== 'public')) {
      const res = await call(r.method, r.url, all);
      const action = r.sessionOnly;
      if (action) {
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
        expect(body(res), `${r.method} ${r.url}`).toEqual({ code: SESSION_REQUIRED, message: sessionRequiredMessage(action) });
        sessionOnly.push(`${r.method} ${r.url}`);
        continue;
      }
      const refused = res.statusCode === 403 && body(res).code === 'insufficient_scope';
      expect(refused, `${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(r.tokenScope === null);
      expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(401);
      if (!refused) open.push(`${r.method} ${r.url}`);
    }
    // Nothing that signs in, changes a password, edits the profile or manages tokens is open to a token.
    expect(open.filter((route) => /login|logout|register|password|profile|token|\/api\/user$|downloads|tickets/.test(route))).toEqual([]);
    expect(open).toContain('GET /api/prompts');
    expect(open).toContain('GET /api/admin/users');
    // What would turn an admin token into a password sign-in is for a signed-in session only.
    expect(sessionOnly.sort()).toEqual(['GET /api/admin/backup', 'POST /api/admin/users', 'POST /api/admin/users/:id/reset-password']);
  });

  it('with the admin scope, may not create accounts, reset passwords or download backups, even with a valid body', async () => {
    const adminToken = await bearer(cast.admin, ['admin']);
    const newcomer = { email: 'token-made@example.com', firstName: 'Tok', lastName: 'En', businessUnit: 'Research', role: 'admin' };
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/users', headers: adminToken, payload: newcomer });
    expect(created.statusCode).toBe(403);
    expect(body(created)).toEqual({ code: 'session_required', message: 'Sign in to the web app to do this: API tokens cannot create accounts' });
    expect(created.body).not.toContain('temporaryPassword');
    expect(await t.db.select().from(users).where(eq(users.email, newcomer.email))).toEqual([]);
    const reset = await t.app.inject({ method: 'POST', url: `/api/admin/users/${cast.other.user.id}/reset-password`, headers: adminToken });
    expect(body(reset)).toMatchObject({ code: 'session_required', message: expect.stringContaining('API tokens cannot reset passwords') });
    const backup = await t.app.inject({ method: 'GET', url: '/api/admin/backup', headers: adminToken });
    expect(backup.statusCode).toBe(403);
    expect(body(backup)).toMatchObject({ code: 'session_required' });
    // A session still may.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/users', headers: cast.admin.auth, payload: newcomer })).statusCode).toBe(201);
  });

  it('with the admin scope, may change a member’s unit or demote an admin, but not change an email or make an admin', async () => {
    const adminToken = await bearer(cast.admin, ['admin']);
    const second = await t.userWithRole('admin', { firstName: 'Sam', lastName: 'Second', businessUnit: 'Research' });
    const member = await t.userWithRole('read', { firstName: 'Mo', lastName: 'Member', businessUnit: 'Research' });
    const stored = async (u: TestUser) => (await t.db.select().from(users).where(eq(users.id, u.user.id)))[0]!;
    /** The member as stored now, with `change` applied: what the User Management dialog sends. */
    const put = async (u: TestUser, change: Partial<{ email: string; businessUnit: string; role: string }>, auth = adminToken) => {
      const { email, firstName, lastName, businessUnit, role } = await stored(u);
      return t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${u.user.id}`,
        headers: auth,
        payload: { email, firstName, lastName, businessUnit, role, ...change },
      });
    };

    const email = await put(second, { email: 'attacker@example.com' });
    expect(email.statusCode).toBe(403);
    expect(body(email)).toEqual({ code: 'session_required', message: 'Sign in to the web app to do this: API tokens cannot change a member’s email address' });
    // Even together with changes a token may make, and even for a read member.
    expect(body(await put(member, { email: 'attacker@example.com', businessUnit: 'Sales' }))).toMatchObject({ code: 'session_required' });
    const promote = await put(member, { role: 'admin' });
    expect(body(promote)).toEqual({ code: 'session_required', message: 'Sign in to the web app to do this: API tokens cannot make a member an administrator' });
    expect(await stored(second)).toMatchObject({ email: second.user.email, role: 'admin' });
    expect(await stored(member)).toMatchObject({ email: member.user.email, role: 'read', businessUnit: 'Research' });

    // The same email, in other letter cases, is no change; an admin staying admin is no promotion.
    expect((await put(second, { email: second.user.email.toUpperCase(), businessUnit: 'Legal' })).statusCode).toBe(200);
    expect((await put(member, { businessUnit: 'Sales' })).statusCode).toBe(200);
    expect((await put(member, { role: 'edit' })).statusCode).toBe(200);
    expect((await put(second, { role: 'edit' })).statusCode).toBe(200);
    expect(await stored(second)).toMatchObject({ role: 'edit', businessUnit: 'Legal' });
    // A signed-in session may do what the token may not.
    expect((await put(second, { email: 'sam.second@example.com', role: 'admin' }, cast.admin.auth)).statusCode).toBe(200);
  });

  it('with only prompts:read, reach the reading routes and are refused every write and admin route', async () => {
    const read = await bearer(cast.editor, ['prompts:read']);
    for (const r of apiRoutes().filter((r) => r.access !== 'public' && r.tokenScope !== null)) {
      const res = await call(r.method, r.url, read);
      const needed = r.tokenScope;
      if (needed === 'prompts:read') expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(403);
      else expect(body(res), `${r.method} ${r.url}`).toMatchObject({ code: 'insufficient_scope' });
    }
  });
});

describe('a member who must change a temporary password', () => {
  let member: TestUser;
  beforeAll(async () => {
    member = await t.userWithRole('edit');
    await t.db.update(users).set({ mustChangePassword: 'true' }).where(eq(users.id, member.user.id));
    dropUserCaches();
  });

  it('is refused every signed-in call with password_change_required', async () => {
    const refused = apiRoutes().filter(
      (r) => r.access !== 'public' && !(r.method === 'GET' && r.url === '/api/user') && !(r.method === 'POST' && r.url === '/api/change-password'),
    );
    expect(refused.length).toBeGreaterThan(25);
    for (const r of refused) {
      const res = await call(r.method, r.url, member.auth);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(body(res), `${r.method} ${r.url}`).toMatchObject({ code: 'password_change_required' });
    }
  });

  it('may still read who they are, change the password, and sign out', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: member.auth });
    expect(body(me)).toMatchObject({ mustChangePassword: 'true' });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: member.auth,
      payload: { currentPassword: member.password, newPassword: 'a much better secret 42' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/prompts', headers: member.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: member.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: member.auth })).statusCode).toBe(401);
  });
});

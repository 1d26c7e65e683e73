import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { OWN_ROLE_MESSAGE } from '../../../shared/schemas/users';
import { findUserById } from './users.repo';
import { deleteUserAsAdmin, updateUserAsAdmin } from './users.admin.service';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ firstName: 'Ada', lastName: 'Admin', businessUnit: 'Research' });
  editor = await t.userWithRole('edit');
  reader = await t.userWithRole('read');
});
afterAll(() => t.close());

const uuid = '00000000-0000-4000-8000-000000000000';
/** Four groups of four from the readable alphabet: nothing to do with the user's names. */
const TEMP_PASSWORD_SHAPE = /^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/;
const adminCalls: Array<[string, string, object?]> = [
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users', { email: 'x@example.com', firstName: 'X', lastName: 'Y', businessUnit: 'Z', role: 'edit' }],
  ['PUT', `/api/admin/users/${uuid}`, { email: 'x@example.com', firstName: 'X', lastName: 'Y', businessUnit: 'Z', role: 'edit' }],
  ['DELETE', `/api/admin/users/${uuid}`],
  ['POST', `/api/admin/users/${uuid}/reset-password`],
  ['GET', '/api/admin/business-units'],
  ['POST', '/api/admin/business-units', { name: 'Q' }],
  ['PUT', `/api/admin/business-units/${uuid}`, { name: 'Q' }],
  ['DELETE', `/api/admin/business-units/${uuid}`],
  ['GET', '/api/admin/form-fields'],
  ['POST', '/api/admin/form-fields', { name: 'q', label: 'Q', type: 'text' }],
  ['PUT', '/api/admin/form-fields/reorder', { fields: [] }],
  ['PUT', `/api/admin/form-fields/${uuid}`, { name: 'q', label: 'Q', type: 'text' }],
  ['DELETE', `/api/admin/form-fields/${uuid}`],
  ['GET', '/api/admin/export?type=users&format=csv'],
  ['GET', '/api/admin/export/count?type=users'],
];

describe('admin permission matrix', () => {
  it.each(adminCalls)('%s %s: 401 anonymous, 403 read and edit', async (method, url, payload) => {
    const call = (headers?: { authorization: string }) => t.app.inject({ method: method as 'GET', url, headers, payload });
    expect((await call()).statusCode).toBe(401);
    expect((await call(reader.auth)).statusCode).toBe(403);
    const asEditor = await call(editor.auth);
    expect(asEditor.statusCode).toBe(403);
    expect(body(asEditor)).toMatchObject({ code: 'forbidden' });
    expect([200, 201, 204, 400, 404]).toContain((await call(admin.auth)).statusCode);
  });
});

describe('user management', () => {
  it('creates a user with a random temporary password, who must change it at first sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.auth,
      payload: { email: 'Grace@Example.com', firstName: 'Grace', lastName: 'Hopper', businessUnit: 'research' },
    });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({ user: { role: 'edit', mustChangePassword: 'true', businessUnit: 'Research', email: 'grace@example.com' } });
    const { temporaryPassword } = body<{ temporaryPassword: string }>(res);
    expect(temporaryPassword).toMatch(TEMP_PASSWORD_SHAPE);
    expect(JSON.stringify(body(res))).not.toMatch(/argon2/);
    const [stored] = await t.db.select().from(users).where(eq(users.email, 'grace@example.com'));
    expect(stored!.password).not.toContain(temporaryPassword);
    const guessed = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'grace@example.com', password: 'gracehopper' } });
    expect(guessed.statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'grace@example.com', password: temporaryPassword } });
    expect(body(login)).toMatchObject({ mustChangePassword: true });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.auth,
      payload: { email: 'GRACE@example.com', firstName: 'G', lastName: 'H', businessUnit: 'R' },
    });
    expect(dup.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.auth,
      payload: { email: 'nope', firstName: '', lastName: '', businessUnit: '', role: 'owner' },
    });
    expect(body(bad)).toMatchObject({
      errors: {
        email: 'Please enter a valid email address',
        firstName: 'First name is required',
        lastName: 'Last name is required',
        businessUnit: 'Business unit is required',
        role: 'Role must be read, edit or admin',
      },
    });
  });

  it('lists users with prompt counts and no password material', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: editor.auth,
      payload: { title: 'Counted', content: 'c', aiModels: ['A'], tags: ['T'] },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.auth });
    const list = body<Array<{ id: string; promptCount: number }>>(res);
    expect(list.find((u) => u.id === editor.user.id)?.promptCount).toBe(1);
    expect(list.find((u) => u.id === reader.user.id)?.promptCount).toBe(0);
    expect(res.body).not.toMatch(/password"|argon2/);
  });

  it('refuses to change the own role, to demote or delete the last admin, and to delete oneself', async () => {
    const me = { email: admin.user.email, firstName: 'Ada', lastName: 'Admin', businessUnit: 'Research' };
    const own = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${admin.user.id}`, headers: admin.auth, payload: { ...me, role: 'edit' } });
    expect(own.statusCode).toBe(400);
    expect(body(own)).toMatchObject({ message: OWN_ROLE_MESSAGE });
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.user.id}`,
      headers: admin.auth,
      payload: { ...me, firstName: 'Adah', role: 'admin' },
    });
    expect(same.statusCode).toBe(200);
    const self = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${admin.user.id}`, headers: admin.auth });
    expect(self.statusCode).toBe(400);
    expect(body(self)).toMatchObject({ code: 'self_delete' });

    // Through HTTP an admin can only act on others, so the last-admin guard is checked at the service.
    const actor = (await findUserById(t.db, admin.user.id))!;
    const outsider = { ...actor, id: uuid };
    await expect(updateUserAsAdmin(t.db, outsider, admin.user.id, { ...me, role: 'edit' }, false)).rejects.toMatchObject({
      statusCode: 409,
      code: 'last_admin',
    });
    await expect(deleteUserAsAdmin(t.db, outsider, admin.user.id)).rejects.toMatchObject({ statusCode: 409, code: 'last_admin' });
  });

  it('resets a password to a new random temporary one and signs the user out everywhere', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/users/${reader.user.id}/reset-password`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ user: { mustChangePassword: 'true' } });
    const expected = body<{ temporaryPassword: string }>(res).temporaryPassword;
    expect(expected).toMatch(TEMP_PASSWORD_SHAPE);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/users/${reader.user.id}/reset-password`, headers: admin.auth });
    expect(body<{ temporaryPassword: string }>(again).temporaryPassword).not.toBe(expected);
    const old = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: reader.user.email, password: expected } });
    expect(old.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: reader.auth })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: reader.user.email, password: body<{ temporaryPassword: string }>(again).temporaryPassword },
    });
    expect(login.statusCode).toBe(200);
  });

  it('deletes a user with their prompts, or transfers them first (renaming title clashes)', async () => {
    const leaver = await t.userWithRole('edit', { firstName: 'Lee', lastName: 'Ver' });
    const keeper = await t.userWithRole('edit');
    const post = (u: TestUser, title: string) =>
      t.app.inject({ method: 'POST', url: '/api/prompts', headers: u.auth, payload: { title, content: 'c', aiModels: ['A'], tags: ['T'] } });
    await post(leaver, 'Shared title');
    await post(leaver, 'Unique title');
    await post(keeper, 'shared TITLE');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${leaver.user.id}?transferTo=${keeper.user.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ transferred: 2 });
    const mine = body<{ items: Array<{ title: string }> }>(await t.app.inject({ method: 'GET', url: '/api/prompts/my', headers: keeper.auth }));
    expect(mine.items.map((i) => i.title).sort()).toEqual(['Shared title (from Lee Ver)', 'Unique title', 'shared TITLE']);

    const gone = await t.userWithRole('edit');
    await post(gone, 'Vanishes');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${gone.user.id}`, headers: admin.auth })).statusCode).toBe(200);
    const all = body<{ items: Array<{ title: string }> }>(await t.app.inject({ method: 'GET', url: '/api/prompts?search=vanishes', headers: admin.auth }));
    expect(all.items).toHaveLength(0);
    const badTarget = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${keeper.user.id}?transferTo=${uuid}`, headers: admin.auth });
    expect(badTarget.statusCode).toBe(400);
  });
});

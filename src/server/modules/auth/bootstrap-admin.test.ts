import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { body, createTestApp, type TestApp } from '../../test/test-app';
import { hashPassword } from '../../lib/crypto';
import { findUserByEmail, insertUser } from '../users/users.repo';
import { ensureBootstrapAdmin } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNIT = 'Administration';

const signIn = async (email: string, password: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${body<{ token: string }>(res).token}` };
};

const unitNames = async () => body<Array<{ name: string }>>(await t.app.inject({ method: 'GET', url: '/api/business-units' })).map((u) => u.name);

describe('ADMIN_EMAIL / ADMIN_PASSWORD bootstrap', () => {
  it('creates the admin account when missing, with a last name and a unit that exists, who can then sign in', async () => {
    expect(await ensureBootstrapAdmin(t.db, 'root@example.com', 'bootstrap-pass', UNIT)).toBe('created');
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'root@example.com', password: 'bootstrap-pass' } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ user: { role: 'admin', firstName: 'Admin', lastName: 'Administrator', businessUnit: UNIT } });
    expect(await unitNames()).toContain(UNIT);
    expect(await ensureBootstrapAdmin(t.db, 'root@example.com', 'other-pass', UNIT)).toBe('unchanged');
  });

  it('promotes an existing account without touching its password, name or unit', async () => {
    const u = await t.register({ email: 'promote.me@example.com', lastName: 'Lovelace', businessUnit: 'Research' });
    expect(u.user.role).toBe('edit');
    expect(await ensureBootstrapAdmin(t.db, 'promote.me@example.com', 'ignored-pass', UNIT)).toBe('promoted');
    expect(await findUserByEmail(t.db, 'promote.me@example.com')).toMatchObject({ role: 'admin', lastName: 'Lovelace', businessUnit: 'Research' });
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.user.email, password: u.password } });
    expect(res.statusCode).toBe(200);
  });

  it('fills the empty last name and unit of an admin created by an earlier version, and shows them on its prompts', async () => {
    // What earlier versions stored: first name only, no unit.
    await insertUser(t.db, {
      email: 'old.root@example.com',
      password: await hashPassword('bootstrap-pass'),
      firstName: 'Admin',
      lastName: '',
      businessUnit: '',
      role: 'admin',
    });
    const auth = await signIn('old.root@example.com', 'bootstrap-pass');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: auth,
      payload: { title: 'Written before the upgrade', content: 'x', aiModels: ['Claude'], tags: ['setup'] },
    });
    expect(created.statusCode).toBe(201);
    const promptId = body<{ id: string }>(created).id;
    const before = body<{ userBusinessUnit: string; user: { lastName: string } }>(
      await t.app.inject({ method: 'GET', url: `/api/prompts/${promptId}`, headers: auth }),
    );
    expect(before).toMatchObject({ userBusinessUnit: '', user: { lastName: '' } });

    expect(await ensureBootstrapAdmin(t.db, 'old.root@example.com', 'ignored-pass', 'Platform Team')).toBe('completed');
    expect(await findUserByEmail(t.db, 'old.root@example.com')).toMatchObject({ firstName: 'Admin', lastName: 'Administrator', businessUnit: 'Platform Team' });
    expect(await unitNames()).toContain('Platform Team');
    const list = body<{ items: Array<{ id: string; userBusinessUnit: string; user: { firstName: string; lastName: string } }> }>(
      await t.app.inject({ method: 'GET', url: '/api/prompts', headers: auth }),
    );
    expect(list.items.find((p) => p.id === promptId)).toMatchObject({
      userBusinessUnit: 'Platform Team',
      user: { firstName: 'Admin', lastName: 'Administrator' },
    });
    // Searching by the author's full name finds the prompt: the copy of the name the prompts keep was rewritten.
    const found = body<{ items: Array<{ id: string }> }>(await t.app.inject({ method: 'GET', url: '/api/prompts?search=Administrator', headers: auth }));
    expect(found.items.map((p) => p.id)).toContain(promptId);
    expect(await ensureBootstrapAdmin(t.db, 'old.root@example.com', 'ignored-pass', 'Platform Team')).toBe('unchanged');
  });

  it('never replaces a last name or unit the admin set, and fills only what is still empty', async () => {
    await t.app.inject({ method: 'POST', url: '/api/business-units', headers: await signIn('root@example.com', 'bootstrap-pass'), payload: { name: 'Legal' } });
    await insertUser(t.db, {
      email: 'named.root@example.com',
      password: await hashPassword('bootstrap-pass'),
      firstName: 'Grace',
      lastName: 'Hopper',
      businessUnit: '',
      role: 'admin',
    });
    // An existing unit typed in another case is that unit, not a second one.
    expect(await ensureBootstrapAdmin(t.db, 'named.root@example.com', 'ignored-pass', 'LEGAL')).toBe('completed');
    expect(await findUserByEmail(t.db, 'named.root@example.com')).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', businessUnit: 'Legal' });
    expect((await unitNames()).filter((n) => n.toLowerCase() === 'legal')).toEqual(['Legal']);
    expect(await ensureBootstrapAdmin(t.db, 'named.root@example.com', 'ignored-pass', 'Somewhere Else')).toBe('unchanged');
    expect(await findUserByEmail(t.db, 'named.root@example.com')).toMatchObject({ businessUnit: 'Legal' });
  });

  it('refuses a common ADMIN_PASSWORD when it would create the account', async () => {
    await expect(ensureBootstrapAdmin(t.db, 'weak.root@example.com', 'Password123', UNIT)).rejects.toThrow(/ADMIN_PASSWORD: This password is too common/);
    expect(await findUserByEmail(t.db, 'weak.root@example.com')).toBeUndefined();
  });
});

describe('ADMIN_BUSINESS_UNIT', () => {
  it('defaults to Administration, is trimmed, and a bad value stops the start naming the variable', () => {
    expect(loadConfig({}).adminBusinessUnit).toBe('Administration');
    expect(loadConfig({ ADMIN_BUSINESS_UNIT: '   ' }).adminBusinessUnit).toBe('Administration');
    expect(loadConfig({ ADMIN_BUSINESS_UNIT: '  IT Operations ' }).adminBusinessUnit).toBe('IT Operations');
    expect(() => loadConfig({ ADMIN_BUSINESS_UNIT: 'x'.repeat(101) })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_BUSINESS_UNIT: 'x'.repeat(101) })).toThrow(/ADMIN_BUSINESS_UNIT: must be at most 100 characters/);
    expect(() => loadConfig({ ADMIN_BUSINESS_UNIT: 'IT\u0007Ops' })).toThrow(/ADMIN_BUSINESS_UNIT: must not contain control characters/);
  });

  it('counts the last name among the personal words an ADMIN_PASSWORD must not be', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'administrator' })).toThrow(/ADMIN_PASSWORD/);
  });
});

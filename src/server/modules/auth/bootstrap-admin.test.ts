import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/test-app';
import { findUserByEmail } from '../users/users.repo';
import { ensureBootstrapAdmin } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ADMIN_EMAIL / ADMIN_PASSWORD bootstrap', () => {
  it('creates the admin account when missing, who can then sign in', async () => {
    expect(await ensureBootstrapAdmin(t.db, 'root@example.com', 'bootstrap-pass')).toBe('created');
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'root@example.com', password: 'bootstrap-pass' } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ user: { role: 'admin' } });
    expect(await ensureBootstrapAdmin(t.db, 'root@example.com', 'other-pass')).toBe('unchanged');
  });

  it('promotes an existing account without touching its password', async () => {
    const u = await t.register({ email: 'promote.me@example.com' });
    expect(u.user.role).toBe('edit');
    expect(await ensureBootstrapAdmin(t.db, 'promote.me@example.com', 'ignored-pass')).toBe('promoted');
    expect((await findUserByEmail(t.db, 'promote.me@example.com'))?.role).toBe('admin');
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.user.email, password: u.password } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a common ADMIN_PASSWORD when it would create the account', async () => {
    await expect(ensureBootstrapAdmin(t.db, 'weak.root@example.com', 'Password123')).rejects.toThrow(/ADMIN_PASSWORD: This password is too common/);
    expect(await findUserByEmail(t.db, 'weak.root@example.com')).toBeUndefined();
  });
});

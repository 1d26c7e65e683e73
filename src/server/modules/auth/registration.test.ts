import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = { email: 'grace@example.com', password: 'longenough', firstName: 'Grace', lastName: 'Hopper', businessUnit: 'Navy' };
const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/register', payload: payload as object });

describe('POST /api/register validation', () => {
  it.each([
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['firstName', { firstName: '   ' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['businessUnit', { businessUnit: ' ' }, 'Business unit is required'],
  ])('rejects a bad %s with its message', async (field, change, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'validation_failed', errors: { [field]: message } });
  });

  it('names every missing field at once', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    const errors = body<{ errors: Record<string, string> }>(res).errors;
    expect(Object.keys(errors).sort()).toEqual(['businessUnit', 'email', 'firstName', 'lastName', 'password']);
    expect(errors.email).toBe('Please enter a valid email address');
  });

  it('creates the account, makes the first one admin, and a new unit in the same step', async () => {
    const res = await post({ ...valid, email: '  GRACE@Example.com ', firstName: '  Grace ' });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({ firstAdmin: true, user: { email: 'grace@example.com', firstName: 'Grace', role: 'admin' } });
    const units = body<Array<{ name: string }>>(await t.app.inject({ method: 'GET', url: '/api/business-units' }));
    expect(units.map((u) => u.name)).toEqual(['Navy']);
  });

  it('refuses a second account with the same email in any case', async () => {
    const res = await post({ ...valid, email: 'Grace@EXAMPLE.com' });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ message: 'An account with this email already exists', code: 'email_taken' });
  });

  it('reuses an existing unit matched case-insensitively and defaults later accounts to edit', async () => {
    const res = await post({ ...valid, email: 'second@example.com', businessUnit: 'NAVY' });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({ firstAdmin: false, user: { role: 'edit', businessUnit: 'Navy' } });
    const units = body<unknown[]>(await t.app.inject({ method: 'GET', url: '/api/business-units' }));
    expect(units).toHaveLength(1);
  });

  it('gives only one admin when two first sign-ups race', async () => {
    const fresh = await createTestApp();
    try {
      const [a, b] = await Promise.all([
        fresh.app.inject({ method: 'POST', url: '/api/register', payload: { ...valid, email: 'a@example.com' } }),
        fresh.app.inject({ method: 'POST', url: '/api/register', payload: { ...valid, email: 'b@example.com' } }),
      ]);
      const roles = [body<{ user: { role: string } }>(a).user.role, body<{ user: { role: string } }>(b).user.role].sort();
      expect(roles).toEqual(['admin', 'edit']);
    } finally {
      await fresh.close();
    }
  });
});

describe('POST /api/login validation', () => {
  it('requires a valid email and a password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      errors: { email: 'Please enter a valid email address', password: 'Password is required' },
    });
  });
});

import type { Page } from 'playwright-core';
import { originOf } from './browser';

/** Seeding through the real HTTP API (no database shortcuts). */
export interface SeededUser {
  email: string;
  password: string;
  token: string;
  firstName: string;
  lastName: string;
  businessUnit: string;
}

let counter = 0;

export async function apiCall<T>(baseUrl: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function registerUser(baseUrl: string, overrides: Partial<Omit<SeededUser, 'token'>> & { businessUnit?: string } = {}): Promise<SeededUser> {
  counter++;
  const user = {
    email: overrides.email ?? `person${counter}.${Date.now()}@example.com`,
    // Not a common password: the server refuses those at sign-up.
    password: overrides.password ?? 'tester password 1',
    firstName: overrides.firstName ?? 'Pat',
    lastName: overrides.lastName ?? `Tester${counter}`,
    businessUnit: overrides.businessUnit ?? 'Engineering',
  };
  const res = await apiCall<{ token: string }>(baseUrl, 'POST', '/api/register', user);
  return { ...user, token: res.token };
}

/** An admin gives a seeded member another role through the admin API, as User Management does. */
export async function setRoleAsAdmin(baseUrl: string, admin: SeededUser, user: SeededUser, role: 'read' | 'edit' | 'admin'): Promise<void> {
  const users = await apiCall<Array<{ id: string; email: string }>>(baseUrl, 'GET', '/api/admin/users', undefined, admin.token);
  const { id } = users.find((u) => u.email === user.email)!;
  const { email, firstName, lastName, businessUnit } = user;
  await apiCall(baseUrl, 'PUT', `/api/admin/users/${id}`, { email, firstName, lastName, businessUnit, role }, admin.token);
}

/**
 * Signs a page in by storing a token where the app keeps it after login, through the context's storage
 * state (no page load), then opens `path`.
 */
export async function signInWithToken(page: Page, token: string, path = '/all-prompts'): Promise<void> {
  const origin = originOf(page.context());
  if (!origin) {
    // A context the test made itself: store the token from a page of the app instead.
    await page.goto('/auth');
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(path);
    return;
  }
  // Replacing the storage state replaces all of it: what the test stored before (a theme) is kept.
  const state = await page.context().storageState();
  const kept = state.origins.find((o) => o.origin === origin)?.localStorage.filter((item) => item.name !== 'auth_token') ?? [];
  const origins = [...state.origins.filter((o) => o.origin !== origin), { origin, localStorage: [...kept, { name: 'auth_token', value: token }] }];
  await page.context().setStorageState({ cookies: state.cookies, origins });
  await page.goto(path);
}

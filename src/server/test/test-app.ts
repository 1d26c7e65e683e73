import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { isErrorCode } from '../../shared/error-codes';
import type { PublicUser } from '../../shared/schemas/auth';
import { buildApp } from '../app';
import { type AppConfig, testConfig } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import type { Mailer } from '../lib/mailer';
import { openTestDatabase } from './test-database';
import { dropUserCaches } from '../lib/user-derived-cache';

export interface TestUser {
  token: string;
  user: PublicUser;
  password: string;
  /** `Authorization` header for app.inject(). */
  auth: { authorization: string };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  handle: DatabaseHandle;
  config: AppConfig;
  /** Registers a new account through the API (the first one becomes admin). */
  register(overrides?: Partial<{ email: string; password: string; firstName: string; lastName: string; businessUnit: string }>): Promise<TestUser>;
  /** Registers an account and sets its role directly in the database. */
  userWithRole(
    role: 'read' | 'edit' | 'admin',
    overrides?: Partial<{ email: string; firstName: string; lastName: string; businessUnit: string }>,
  ): Promise<TestUser>;
  close(): Promise<void>;
}

let counter = 0;

/** Builds the real app on a fresh real database; call close() in afterAll. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { mailer?: Mailer; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const handle = await openTestDatabase();
  // A generous limit so suites that sign up many users are not throttled; rate-limit tests lower it.
  const config = testConfig({ authRateLimit: 10_000, ...overrides });
  const app = await buildApp({ config, db: handle.db, webDistDir: '/nonexistent', ...options });
  await app.ready();

  const register: TestApp['register'] = async (o = {}) => {
    counter++;
    const body = {
      email: o.email ?? `user${counter}.${Date.now()}@example.com`,
      password: o.password ?? 'correct horse battery',
      firstName: o.firstName ?? `First${counter}`,
      lastName: o.lastName ?? `Last${counter}`,
      businessUnit: o.businessUnit ?? 'Engineering',
    };
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: body });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    const json = res.json() as { token: string; user: PublicUser };
    return { token: json.token, user: json.user, password: body.password, auth: { authorization: `Bearer ${json.token}` } };
  };

  const userWithRole: TestApp['userWithRole'] = async (role, o = {}) => {
    const created = await register(o);
    const { users } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    await handle.db.update(users).set({ role }).where(eq(users.id, created.user.id));
    dropUserCaches();
    return { ...created, user: { ...created.user, role } };
  };

  return {
    app,
    db: handle.db,
    handle,
    config,
    register,
    userWithRole,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** One account per role, plus a second editor: the cast of the permission tests (the first is the admin). */
export async function usersForEveryRole(t: TestApp) {
  const admin = await t.register({ firstName: 'Ada', lastName: 'Admin', businessUnit: 'Research' });
  const editor = await t.userWithRole('edit', { firstName: 'Eve', lastName: 'Editor', businessUnit: 'Legal' });
  const other = await t.userWithRole('edit', { firstName: 'Otto', lastName: 'Other', businessUnit: 'Sales' });
  const reader = await t.userWithRole('read', { firstName: 'Rita', lastName: 'Reader' });
  return { admin, editor, other, reader };
}

/** An admin changes a user's role through the admin API, as the User Management screen does. */
export function changeRoleAsAdmin(t: TestApp, admin: TestUser, user: TestUser, role: 'read' | 'edit' | 'admin') {
  const { email, firstName, lastName, businessUnit } = user.user;
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${user.user.id}`,
    headers: admin.auth,
    payload: { email, firstName, lastName, businessUnit, role },
  });
}

/**
 * Parsed JSON body of an inject() response, typed loosely for assertions. The code of an error answer
 * must be one of ERROR_CODES: every test that reads such an answer checks that on the way.
 */
export function body<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  const parsed: unknown = res.json();
  const code = res.statusCode >= 400 && typeof parsed === 'object' && parsed !== null ? (parsed as { code?: unknown }).code : undefined;
  if (code !== undefined && !isErrorCode(code)) throw new Error(`A ${res.statusCode} answered the code ${JSON.stringify(code)}, which is not in ERROR_CODES`);
  return parsed as T;
}

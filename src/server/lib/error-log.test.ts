import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { openTestDatabase } from '../test/test-database';
import { hashPassword } from './crypto';
import { serializeError } from './error-log';

// A failed insert used to write the whole query into the log: the user's email and argon2 hash.

const EMAIL = 'leaky.person@example.com';
let handle: DatabaseHandle;
let app: FastifyInstance;
let hash: string;
const lines: string[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  hash = await hashPassword('a secret nobody should read');
  await handle.db.insert(users).values({ email: EMAIL, password: hash, firstName: 'Leaky', lastName: 'Person', businessUnit: '', role: 'edit' });
  app = await buildApp({
    config: testConfig({ logLevel: 'info' }),
    db: handle.db,
    webDistDir: '/nonexistent',
    logStream: { write: (line) => lines.push(line) },
  });
  // The same insert again: a unique violation that no service turns into a 409, so it ends as a 500.
  app.post('/test/duplicate-user', async () => {
    await app.db.insert(users).values({ email: EMAIL, password: hash, firstName: 'Leaky', lastName: 'Person', businessUnit: '', role: 'edit' });
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
});

describe('a failed query', () => {
  it('is logged with its code, constraint and table, and none of its parameters', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/duplicate-user' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' });

    const logged = lines.map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> }).find((l) => l.msg === 'unhandled error');
    expect(logged?.err).toMatchObject({ type: 'DatabaseError', code: '23505', table: 'users' });
    expect(String(logged?.err?.constraint)).toMatch(/email/);
    const text = lines.join('\n');
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(hash);
    expect(text).not.toContain('$argon2');
    expect(text).not.toMatch(/params|Failed query|Key \(/);
  });
});

describe('serializeError', () => {
  it('reduces a database error found anywhere in the cause chain', () => {
    const driver = Object.assign(new Error('duplicate key'), {
      code: '23503',
      severity: 'ERROR',
      detail: `Key (user_id)=(${EMAIL}) is not present`,
      table: 'prompts',
      constraint: 'prompts_user_id_fk',
      routine: 'ri_ReportViolation',
    });
    const wrapped = new Error(`Failed query: insert ... params: ${EMAIL}`, { cause: new Error('outer', { cause: driver }) });
    expect(serializeError(wrapped)).toEqual({
      type: 'DatabaseError',
      message: 'database error 23503 on constraint prompts_user_id_fk in table prompts',
      code: '23503',
      constraint: 'prompts_user_id_fk',
      table: 'prompts',
      routine: 'ri_ReportViolation',
      stack: expect.not.stringContaining(EMAIL),
    });
  });

  it('keeps type, message, code and stack of other errors, with their causes', () => {
    const err = Object.assign(new TypeError('boom', { cause: new Error('root') }), { code: 'ERR_X' });
    expect(serializeError(err)).toMatchObject({ type: 'TypeError', message: 'boom', code: 'ERR_X', cause: { type: 'Error', message: 'root' } });
    expect(String((serializeError(err) as { stack: string }).stack)).toContain('boom');
  });
});

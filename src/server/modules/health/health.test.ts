import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { isDatabaseUnavailable } from '../../lib/database-errors';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('/readyz is ready once every shipped migration is applied, and says so while one is missing', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });

    const [last] = await queryRows(t.db, sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    const pending = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toMatchObject({ code: 'migrations_pending' });
    await t.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id as number}, ${last!.hash as string}, ${last!.created_at as string})`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('tells database outages apart from request errors', () => {
    const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
    expect(isDatabaseUnavailable(wrapped({ code: '57014', message: 'canceling statement due to statement timeout' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '08006', message: 'connection failure' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '23505', message: 'duplicate key value violates unique constraint' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});

import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../plugins/error-handler';
import { testDatabaseKind } from '../test/test-database';
import { isWriteConflict, WRITE_CONFLICT_MESSAGE } from './database-errors';

// A transaction PostgreSQL rolls back because another one locked the same rows in the other order (a
// deadlock) wrote nothing, and the same request again succeeds: the caller gets a 409 saying so, not a
// 500. Two real connections to the test server make a real deadlock. PostgreSQL only (the embedded
// database has one connection).
const describePostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;

/** The error PostgreSQL raises in the one of two crossing transactions it chooses to roll back. */
async function realDeadlock(): Promise<unknown> {
  const url = process.env.TEST_DATABASE_URL!;
  const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
  const table = `deadlock_probe_${process.pid}`;
  await a.connect();
  await b.connect();
  try {
    await a.query(`create table ${table} (id int primary key, v int)`);
    await a.query(`insert into ${table} values (1, 0), (2, 0)`);
    await a.query('begin');
    await b.query('begin');
    await a.query(`update ${table} set v = 1 where id = 1`);
    await b.query(`update ${table} set v = 1 where id = 2`);
    const crossing = await Promise.allSettled([a.query(`update ${table} set v = 2 where id = 2`), b.query(`update ${table} set v = 2 where id = 1`)]);
    const refused = crossing.find((r) => r.status === 'rejected');
    return (refused as PromiseRejectedResult | undefined)?.reason;
  } finally {
    await a.query('rollback').catch(() => {});
    await b.query('rollback').catch(() => {});
    await a.query(`drop table if exists ${table}`).catch(() => {});
    await a.end();
    await b.end();
  }
}

describePostgres('a write rolled back by a concurrent one', () => {
  it('is answered 409 write_conflict, telling the caller to try again', async () => {
    const deadlock = await realDeadlock();
    expect((deadlock as { code?: string }).code).toBe('40P01');
    expect(isWriteConflict(new Error('Failed query', { cause: deadlock }))).toBe(true);

    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/write', async () => {
      throw new Error('Failed query: update …', { cause: deadlock });
    });
    const res = await app.inject({ method: 'POST', url: '/write' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: WRITE_CONFLICT_MESSAGE, code: 'write_conflict' });
    await app.close();
  }, 30_000);
});

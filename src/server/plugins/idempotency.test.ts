import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { runHousekeeping } from '../lib/housekeeping';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register();
  editor = await t.userWithRole('edit');
});
afterAll(() => t.close());

let counter = 0;
const newKey = () => `key-${Date.now()}-${++counter}`;
const promptBody = (title: string) => ({ title, content: `Content of ${title}`, aiModels: ['ChatGPT'], tags: ['idempotency'] });

function create(user: TestUser, key: string | undefined, payload: object, url = '/api/prompts') {
  return t.app.inject({ method: 'POST', url, headers: { ...user.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload });
}

async function promptsTitled(title: string): Promise<number> {
  const [row] = await queryRows(t.db, sql`select count(*)::int as n from prompts where title = ${title}`);
  return Number(row!.n);
}

describe('Idempotency-Key on creating calls', () => {
  it('a retry gets the first answer (same status and body, marked as replayed) and only one prompt exists', async () => {
    const key = newKey();
    const first = await create(editor, key, promptBody('Replayed once'));
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(editor, key, promptBody('Replayed once'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await promptsTitled('Replayed once')).toBe(1);
  });

  it('the same key with another body or another route is refused with 422', async () => {
    const key = newKey();
    expect((await create(editor, key, promptBody('First body'))).statusCode).toBe(201);
    const otherBody = await create(editor, key, promptBody('Second body'));
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(otherBody.json().message).toMatch(/already used for a different request/);
    const otherRoute = await create(editor, key, { name: 'Idempotent unit' }, '/api/business-units');
    expect(otherRoute.statusCode).toBe(422);
    expect(await promptsTitled('Second body')).toBe(0);
  });

  it('a key that is not 1 to 255 printable ASCII characters is a 400 naming the header', async () => {
    for (const bad of ['x'.repeat(256), 'tab\there', '']) {
      const res = await create(editor, bad, promptBody('Bad key'));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { 'Idempotency-Key': expect.any(String) } });
    }
    expect((await create(editor, 'x'.repeat(255), promptBody('Longest key'))).statusCode).toBe(201);
    expect(await promptsTitled('Bad key')).toBe(0);
  });

  it('concurrent calls with one key create one prompt; the others wait (409 Retry-After) or get its answer', async () => {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(editor, key, promptBody('Concurrent'))));
    const firsts = answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined);
    expect(firsts).toHaveLength(1);
    for (const a of answers) {
      if (a === firsts[0]) continue;
      if (a.statusCode === 409) {
        expect(a.json()).toMatchObject({ code: 'idempotency_key_in_use' });
        expect(a.headers['retry-after']).toBe('1');
      } else {
        expect(a.statusCode).toBe(201);
        expect(a.body).toBe(firsts[0]!.body);
      }
    }
    expect(await promptsTitled('Concurrent')).toBe(1);
    expect((await create(editor, key, promptBody('Concurrent'))).headers['idempotent-replayed']).toBe('true');
  });

  it('keys are per member: another member’s same key is a call of its own', async () => {
    const key = newKey();
    const mine = await create(editor, key, promptBody('Per member'));
    const theirs = await create(admin, key, promptBody('Per member'));
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await promptsTitled('Per member')).toBe(2);
  });

  it('a 5xx first answer is not kept: the retry runs the call again', async () => {
    // A real database error on the prompt insert: the disk-full SQLSTATE, raised by a trigger.
    await t.db.execute(sql`create or replace function apd_test_disk_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`);
    await t.db.execute(sql`create trigger apd_test_disk_full before insert on prompts for each row execute function apd_test_disk_full()`);
    const key = newKey();
    let failed;
    try {
      failed = await create(editor, key, promptBody('After a 503'));
    } finally {
      await t.db.execute(sql`drop trigger apd_test_disk_full on prompts`);
    }
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'storage_full' });
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, editor.user.id))).not.toContainEqual(
      expect.objectContaining({ status: null }),
    );
    const retry = await create(editor, key, promptBody('After a 503'));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await promptsTitled('After a 503')).toBe(1);
  });

  it('a 4xx answer is kept and replayed', async () => {
    expect((await create(editor, undefined, { name: 'Taken unit' }, '/api/business-units')).statusCode).toBe(201);
    const key = newKey();
    const refused = await create(editor, key, { name: 'Taken unit' }, '/api/business-units');
    expect(refused.statusCode).toBe(409);
    const again = await create(editor, key, { name: 'Taken unit' }, '/api/business-units');
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(refused.body);
  });

  it('housekeeping removes keys older than 24 hours, after which the key is new again', async () => {
    const [oldKey, freshKey] = [newKey(), newKey()];
    expect((await create(editor, oldKey, promptBody('Expiring'))).statusCode).toBe(201);
    expect((await create(editor, freshKey, promptBody('Kept key'))).statusCode).toBe(201);
    const keyRows = () => t.db.select({ createdAt: idempotencyKeys.createdAt }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, editor.user.id));
    const before = (await keyRows()).length;
    // The table holds the key's hash, never the key: the row to age is the newest but one.
    const [second] = await queryRows(
      t.db,
      sql`select key from idempotency_keys where user_id = ${editor.user.id} order by created_at desc, key limit 1 offset 1`,
    );
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where user_id = ${editor.user.id} and key = ${second!.key as string}`,
    );
    await runHousekeeping(t.db, { sessionIdleDays: 7, trashRetentionDays: 30, auditRetentionDays: 365 });
    expect((await keyRows()).length).toBe(before - 1);
    expect((await create(editor, freshKey, promptBody('Kept key'))).headers['idempotent-replayed']).toBe('true');
  });

  it('every creating route replays, and an answer holding a secret is stored encrypted, never readable in the table', async () => {
    const calls: Array<[string, object, TestUser]> = [
      ['/api/business-units', { name: 'Replayed unit' }, editor],
      ['/api/admin/business-units', { name: 'Replayed admin unit' }, admin],
      ['/api/ai-models', { model: 'Replayed model' }, editor],
      ['/api/tokens', { name: 'Replayed token', scopes: ['prompts:read'], expiresInDays: 30 }, editor],
      ['/api/admin/users', { email: `replayed${Date.now()}@example.com`, firstName: 'Re', lastName: 'Played', businessUnit: 'Ops' }, admin],
      ['/api/admin/form-fields', { name: `replayed_${Date.now()}`, label: 'Replayed field', type: 'text' }, admin],
    ];
    for (const [url, payload, user] of calls) {
      const key = newKey();
      const first = await create(user, key, payload, url);
      expect(first.statusCode, `${url}: ${first.body}`).toBeLessThan(300);
      const again = await create(user, key, payload, url);
      expect(again.headers['idempotent-replayed'], url).toBe('true');
      expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
    }
    const stored = await queryRows(t.db, sql`select key, body::text as body from idempotency_keys`);
    const token = (await create(editor, 'token-secret', { name: 'Secret kept', scopes: ['prompts:read'], expiresInDays: 30 }, '/api/tokens')).json().token;
    const all = JSON.stringify([...stored, ...(await queryRows(t.db, sql`select key, body::text as body from idempotency_keys`))]);
    expect(all).not.toContain(token);
    expect(all).not.toContain('token-secret');
    expect(all).not.toContain('temporaryPassword');
  });

  it('records a use once per key', async () => {
    const id = (await create(editor, undefined, promptBody('Used once'))).json().id as string;
    const key = newKey();
    for (let i = 0; i < 3; i++) {
      const res = await create(editor, key, { kind: 'copy' }, `/api/prompts/${id}/uses`);
      expect(res.statusCode).toBe(204);
    }
    const [row] = await queryRows(t.db, sql`select use_count as n from prompt_use_counts where prompt_id = ${id}`);
    expect(Number(row!.n)).toBe(1);
  });

  it('the API document names the header on every route that takes it, and only there', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> }>>;
    };
    const takesKey = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
    const expected = t.app.routeAccessTable.filter((r) => r.method === 'POST').map((r) => r.url.replace(/:(\w+)/g, '{$1}'));
    const withKey = expected.filter((url) => takesKey(url, 'post'));
    expect(withKey.sort()).toEqual(
      [
        '/api/prompts',
        '/api/prompts/bulk',
        '/api/prompts/{id}/uses',
        '/api/business-units',
        '/api/admin/business-units',
        '/api/admin/ai-models',
        '/api/ai-models',
        '/api/tokens',
        '/api/admin/users',
        '/api/admin/form-fields',
        '/api/collections',
        '/api/snippets',
      ].sort(),
    );
    expect(doc.paths['/api/prompts']!.post!.responses).toHaveProperty('422');
  });
});

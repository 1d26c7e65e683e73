import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CURSOR_MESSAGE, type PromptSort } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { encodeCursor } from './query.parse';

let t: TestApp;
let admin: TestUser;

const get = (qs: string) => t.app.inject({ method: 'GET', url: `/api/prompts?${qs}`, headers: admin.auth });
const page = async (qs: string) => {
  const res = await get(qs);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ items: Array<{ id: string }>; nextCursor: string | null; orderedBy: PromptSort }>(res);
};
const expectInvalid = async (qs: string) => {
  const res = await get(qs);
  expect(res.statusCode, `${qs} ${res.body}`).toBe(400);
  expect(body(res), qs).toEqual({ message: INVALID_CURSOR_MESSAGE, code: 'validation_failed', errors: { cursor: INVALID_CURSOR_MESSAGE } });
};
const raw = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
const ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register();
  for (let i = 0; i < 5; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: admin.auth,
      payload: { title: `Cursor prompt ${i}`, content: 'Paging body', aiModels: ['Claude'], tags: ['Paging'] },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

describe('list cursors', () => {
  it('answer 400 "Invalid cursor" when malformed or tampered with, never a 500', async () => {
    const tampered = [
      'garbage',
      raw({ sort: 'updatedAt' }),
      raw(['updatedAt', 'desc', '2026-01-01 00:00:00+00']),
      raw(['updatedAt', 'sideways', '2026-01-01 00:00:00+00', ID]),
      raw(['updatedAt', 'desc', '2026-01-01 00:00:00+00', 'not-a-uuid']),
      // Timestamps PostgreSQL cannot read back.
      raw(['updatedAt', 'desc', '2026-13-01 00:00:00+00', ID]),
      raw(['updatedAt', 'desc', '2026-02-30 00:00:00+00', ID]),
      raw(['updatedAt', 'desc', '2026-01-01 25:00:00+00', ID]),
      raw(['createdAt', 'desc', '0000-01-01 00:00:00+00', ID]),
      raw(['updatedAt', 'desc', '2026-01-01 00:00:00+99', ID]),
      raw(['updatedAt', 'desc', 'infinity', ID]),
      raw(['updatedAt', 'desc', 'yesterday', ID]),
      raw(['updatedAt', 'desc', 12345, ID]),
      // Ranks outside what a `real` holds.
      raw(['relevance', 'desc', 1e300, ID]),
      raw(['relevance', 'desc', 1e-300, ID]),
      raw(['relevance', 'desc', '0.5', ID]),
      // Text keys PostgreSQL refuses or that no title can have.
      raw(['title', 'asc', 'a\u0000b', ID]),
      raw(['title', 'asc', '\ud800', ID]),
      raw(['title', 'asc', 'x'.repeat(601), ID]),
      raw(['title', 'asc', { nested: true }, ID]),
    ];
    for (const cursor of tampered) {
      const decoded = Buffer.from(cursor, 'base64url').toString();
      const sort = decoded.includes('"relevance"') ? '&search=cursor' : decoded.includes('"title"') ? '&sort=title' : '';
      await expectInvalid(`cursor=${cursor}${sort}`);
    }
  });

  it('answer 400 when made for another sort or order, instead of serving the first page again', async () => {
    const byTitle = await page('sort=title&limit=2');
    expect(byTitle.nextCursor).not.toBeNull();
    await expectInvalid(`cursor=${byTitle.nextCursor}`);
    await expectInvalid(`sort=createdAt&cursor=${byTitle.nextCursor}`);
    await expectInvalid(`sort=title&order=desc&cursor=${byTitle.nextCursor}`);
    const second = await page(`sort=title&limit=2&cursor=${byTitle.nextCursor}`);
    expect(second.items.map((i) => i.id)).not.toEqual(expect.arrayContaining(byTitle.items.map((i) => i.id)));
  });

  it('still accept every key their sort produces, and page a search that was answered newest first', async () => {
    const ownKeys: Array<[string, Parameters<typeof encodeCursor>[0]]> = [
      ['', { sort: 'updatedAt', order: 'desc', value: '2026-01-01 00:00:00.123456+00', id: ID }],
      ['sort=createdAt&order=asc&', { sort: 'createdAt', order: 'asc', value: '2026-06-30 23:59:59+05:30', id: ID }],
      // The longest title, in characters that take three bytes each.
      ['sort=title&', { sort: 'title', order: 'asc', value: '日本語'.repeat(66) + '😀', id: ID }],
    ];
    for (const [qs, cursor] of ownKeys) await page(`${qs}cursor=${encodeCursor(cursor)}`);
    const ranked = await page('search=cursor&limit=2');
    expect(ranked.orderedBy).toBe('relevance');
    const next = await page(`search=cursor&limit=2&cursor=${ranked.nextCursor}`);
    expect(next.items).toHaveLength(2);
    // A search whose first page came newest first (too many matches to rank) keeps that order.
    const newest = encodeCursor({ sort: 'updatedAt', order: 'desc', value: '2100-01-01 00:00:00+00', id: ID });
    const followed = await page(`search=cursor&limit=2&cursor=${newest}`);
    expect(followed.orderedBy).toBe('updatedAt');
    expect(followed.items).toHaveLength(2);
  });
});

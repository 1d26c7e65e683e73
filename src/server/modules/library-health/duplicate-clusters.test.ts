import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterJobSchema, type DuplicateClusterPage, duplicateClusterPageSchema } from '../../../shared/schemas/library-health';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';
import { writeAllQueuedBands } from '../similarity/similarity.bands';
import { clusterJobState, runClusterBatch, runClusterJob, startClusterJob } from './duplicate-clusters.job';

// The near-copy clusters of the library: computed by the background job a batch at a time, resumed after a
// batch cut short, listed largest first, by unit, a page at a time and as CSV.

/** Rows of the collection that are 0.5 or more alike another row (its templates: terminals, consoles, translators). */
const TEMPLATED = new Set([
  1, 2, 4, 6, 26, 27, 28, 59, 63, 65, 68, 101, 102, 103, 105, 106, 107, 108, 109, 115, 120, 121, 122, 123, 124, 129, 146, 147, 184, 185,
]);
const collection = (parse(readFileSync('tests/fixtures/prompts-chat.csv'), { columns: true }) as Array<{ act: string; prompt: string }>).filter(
  (row, i) => row.prompt.length > 300 && !TEMPLATED.has(i),
);
/** Every `nth` word replaced: a near-copy. */
const edited = (content: string, nth: number) =>
  content
    .split(' ')
    .map((word, i) => (i % nth === nth - 1 ? 'kindly' : word))
    .join(' ');

let t: TestApp;
let admin: TestUser;
let eve: TestUser; // Legal
let otto: TestUser; // Sales
const ids: Record<string, string> = {};

async function create(u: TestUser, title: string, content: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/prompts',
    headers: u.auth,
    payload: { title, content, aiModels: ['ChatGPT'], tags: ['health'], ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[title] = body<{ id: string }>(res).id;
}
const page = async (qs = ''): Promise<DuplicateClusterPage> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/library-health/duplicates${qs}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return duplicateClusterPageSchema.parse(res.json());
};
const groups = (p: DuplicateClusterPage) => p.items.map((c) => c.prompts.map((x) => x.title).sort());
const start = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/library-health/duplicates/job', headers: admin.auth });
  expect(res.statusCode, res.body).toBe(202);
  return clusterJobSchema.parse(res.json());
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto } = await usersForEveryRole(t));
  const [a, b, c, ...rest] = collection;
  for (let i = 0; i < 4; i++) await create(eve, `Four ${i}`, i ? edited(a!.prompt, 8 + i) : a!.prompt);
  for (let i = 0; i < 3; i++) await create(otto, `Three ${i}`, i ? edited(b!.prompt, 8 + i) : b!.prompt);
  await create(eve, '=Two 0', c!.prompt);
  await create(eve, 'Two 1', edited(c!.prompt, 9));
  await create(eve, 'Draft copy', edited(a!.prompt, 7), { status: 'draft' });
  for (const row of rest.slice(0, 10)) await create(eve, row.act, row.prompt);
  // The band keys every instance's upkeep writes within seconds: written here before the job walks, so
  // that no run (the route's own, on another connection) walks a prompt whose keys are being written.
  await writeAllQueuedBands(t.db);
});
afterAll(() => t.close());

describe('near-copy clusters', () => {
  it('are computed by the job a batch at a time and listed largest first, drafts left out', async () => {
    expect((await page()).items).toEqual([]);
    const started = await start();
    expect(started).toMatchObject({ state: 'running', total: 19 });
    // The route runs the job at once, in the background (on PostgreSQL another connection holds the
    // job's lock meanwhile, and this run leaves the batches to it): walked to the end either way.
    await expect
      .poll(async () => {
        await runClusterJob(t.db, { size: 5 });
        return (await clusterJobState(t.db)).state;
      })
      .toBe('idle');
    const first = await page();
    expect(first.job).toMatchObject({ state: 'idle', processed: 19, total: 19 });
    expect(first.job.finishedAt).not.toBeNull();
    expect(groups(first)).toEqual([
      ['Four 0', 'Four 1', 'Four 2', 'Four 3'],
      ['Three 0', 'Three 1', 'Three 2'],
      ['=Two 0', 'Two 1'],
    ]);
    expect(first.items.map((c) => c.size)).toEqual([4, 3, 2]);
    for (const c of first.items) expect(c.topSimilarity).toBeGreaterThanOrEqual(0.6);
  });

  it('resume where a run was cut short, with the same result', async () => {
    const before = groups(await page());
    // Started directly: the route also runs a first stretch at once, which would not stop after two batches.
    await startClusterJob(t.db);
    await runClusterJob(t.db, { size: 5, maxBatches: 2 });
    expect((await page()).job).toMatchObject({ state: 'running', processed: 10 });
    // A batch that dies before it commits changes nothing: the next one walks the same prompts.
    await expect(
      runClusterBatch(t.db, {
        size: 5,
        beforeCommit: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect((await page()).job).toMatchObject({ state: 'running', processed: 10 });
    // Meanwhile the clusters of the last finished run are still shown.
    expect(groups(await page())).toEqual(before);
    await runClusterJob(t.db, { size: 5 });
    const after = await page();
    expect(after.job).toMatchObject({ state: 'idle', processed: 19 });
    expect(groups(after)).toEqual(before);
  });

  it('are filtered by unit, paged, and downloaded as formula-safe CSV', async () => {
    expect(groups(await page('?unit=sales'))).toEqual([['Three 0', 'Three 1', 'Three 2']]);
    const one = await page('?limit=2');
    expect(one.items).toHaveLength(2);
    const two = await page(`?limit=2&cursor=${one.nextCursor}`);
    expect(groups(two)).toEqual([['=Two 0', 'Two 1']]);
    expect(two.nextCursor).toBeNull();
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/library-health/duplicates?cursor=nope', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/library-health/duplicates?format=csv', headers: admin.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('cluster,size,similarity,promptId,title,owner,businessUnit,updatedAt');
    expect(lines).toHaveLength(10);
    expect(lines.some((l) => l.includes(",'=Two 0,"))).toBe(true);
  });

  it('leave out a cluster merged down to one prompt, and are for administrators only', async () => {
    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/prompts/merge',
      headers: eve.auth,
      payload: { keepId: ids['=Two 0'], mergeIds: [ids['Two 1']] },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(groups(await page()).map((g) => g.length)).toEqual([4, 3]);
    for (const [method, url] of [
      ['GET', '/api/admin/library-health/duplicates'],
      ['POST', '/api/admin/library-health/duplicates/job'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: eve.auth })).statusCode, url).toBe(403);
    }
  });
});

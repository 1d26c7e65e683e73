import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMILARITY_THRESHOLD, type SimilarPrompt, similarPromptsSchema } from '../../../shared/schemas/similar';
import { queryRows } from '../../db/client';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Near-copies on real texts: prompts of the prompts.chat collection are stored, then asked about with
// small edits (found, above the threshold), larger ones (not found), and from members who may not see
// them (never named).

const collection = (parse(readFileSync('tests/fixtures/prompts-chat.csv'), { columns: true }) as Array<{ act: string; prompt: string }>).filter(
  (row) => row.prompt.length > 300,
);
const stored = collection.slice(0, 24);
const text = (act: string) => collection.find((row) => row.act === act)!.prompt;

/** Every `nth` word replaced: with one in ten or fewer, a near-copy. */
const everyNthWord = (content: string, nth: number, by = 'please') =>
  content
    .split(' ')
    .map((word, i) => (i % nth === nth - 1 ? by : word))
    .join(' ');

let t: TestApp;
let admin: TestUser;
let eve: TestUser; // editor, Legal
let otto: TestUser; // editor, Sales
let rita: TestUser; // read member
const ids: Record<string, string> = {};

const similar = async (u: TestUser, payload: Record<string, unknown>): Promise<SimilarPrompt[]> => {
  const res = await t.app.inject({ method: 'POST', url: '/api/prompts/similar', headers: u.auth, payload });
  expect(res.statusCode, res.body).toBe(200);
  return similarPromptsSchema.parse(res.json());
};
const titles = (found: SimilarPrompt[]) => found.map((p) => p.title);

async function create(u: TestUser, title: string, content: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/prompts',
    headers: u.auth,
    payload: { title, content, aiModels: ['ChatGPT'], tags: ['Similar'], ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[title] = body<{ id: string }>(res).id;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto, reader: rita } = await usersForEveryRole(t));
  for (const row of stored) await create(eve, row.act, row.prompt);
  const [legal, secret, draft] = collection.slice(30, 33);
  await create(eve, 'Legal copy', legal!.prompt, { visibility: 'units' });
  await create(eve, 'Private copy', secret!.prompt, { visibility: 'private' });
  await create(eve, 'Draft copy', draft!.prompt, { status: 'draft' });
});
afterAll(() => t.close());

describe('near-copies of a text', () => {
  it('names the prompt a text was copied from, with a tenth of its words changed, above the threshold', async () => {
    for (const row of stored.slice(0, 8)) {
      const found = await similar(otto, { title: `My ${row.act}`, content: everyNthWord(row.prompt, 10) });
      expect(found[0]?.title, row.act).toBe(row.act);
      expect(found[0]!.similarity).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
      expect(found[0]!.similarity).toBeLessThan(1);
    }
    const same = await similar(otto, { title: 'Copy', content: stored[0]!.prompt });
    expect(same[0]).toEqual({ id: ids[stored[0]!.act], title: stored[0]!.act, similarity: 1 });
  });

  it('leaves out texts below the threshold: a quarter of a prompt, or another subject', async () => {
    for (const row of stored.slice(0, 8)) {
      const quarter = row.prompt.slice(0, Math.floor(row.prompt.length / 4));
      expect(titles(await similar(otto, { title: '', content: quarter })), row.act).not.toContain(row.act);
    }
    const unrelated = 'Summarize the quarterly revenue of each sales region for the board in five bullet points, with the change against last year.';
    expect(await similar(otto, { title: 'Board summary', content: unrelated })).toEqual([]);
  });

  it('answers most alike first, at most five', async () => {
    const base = text(stored[1]!.act);
    for (let i = 2; i <= 7; i++) await create(eve, `Variant ${i}`, everyNthWord(base, i + 6, 'kindly'));
    const found = await similar(eve, { title: 'Variant', content: base });
    expect(found).toHaveLength(5);
    expect(found[0]!.title).toBe(stored[1]!.act);
    const scores = found.map((p) => p.similarity);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('names only prompts the member may see, never drafts, and not the prompt being edited', async () => {
    const [legal, secret, draft] = collection.slice(30, 33).map((row) => everyNthWord(row.prompt, 10));
    // The Legal unit's prompt: for Legal's members and admins, not for Sales.
    expect(titles(await similar(eve, { content: legal! }))).toContain('Legal copy');
    expect(titles(await similar(admin, { content: legal! }))).toContain('Legal copy');
    expect(titles(await similar(otto, { content: legal! }))).not.toContain('Legal copy');
    expect(titles(await similar(rita, { content: secret! }))).not.toContain('Private copy');
    expect(titles(await similar(eve, { content: secret! }))).toContain('Private copy');
    expect(titles(await similar(eve, { content: draft! }))).not.toContain('Draft copy');
    expect(titles(await similar(admin, { content: draft! }))).not.toContain('Draft copy');
    // Editing a prompt does not warn about itself.
    const own = stored[2]!;
    expect(titles(await similar(eve, { content: own.prompt, excludeId: ids[own.act] }))).not.toContain(own.act);
  });

  it('follows a prompt’s content as it changes, and forgets it once deleted', async () => {
    const row = stored[3]!;
    const id = ids[row.act]!;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/prompts/${id}`,
      headers: eve.auth,
      payload: { title: row.act, content: text(collection[40]!.act), aiModels: ['ChatGPT'], tags: ['Similar'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(titles(await similar(otto, { content: row.prompt }))).not.toContain(row.act);
    expect(titles(await similar(otto, { content: collection[40]!.prompt }))).toContain(row.act);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/prompts/${id}`, headers: eve.auth })).statusCode).toBe(204);
    expect(titles(await similar(otto, { content: collection[40]!.prompt }))).not.toContain(row.act);
  });

  it('finds a prompt whatever wrote its content: a statement of another instance, an import, a restore', async () => {
    const row = stored[4]!;
    const fresh = collection[41]!.prompt;
    await queryRows(t.db, sql`update prompts set content = ${fresh} where id = ${ids[row.act]}`);
    expect(titles(await similar(otto, { content: everyNthWord(fresh, 10) }))).toContain(row.act);
    expect(titles(await similar(otto, { content: row.prompt }))).not.toContain(row.act);
  });

  it('compares no content under 40 characters, refuses bad input with its reason, and asks for a sign-in', async () => {
    expect(await similar(otto, { title: stored[0]!.act, content: 'I want you to act as a linux' })).toEqual([]);
    const refused = async (payload: Record<string, unknown>, message: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/prompts/similar', headers: otto.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(message);
    };
    await refused({ title: 'No content' }, 'Content is required');
    await refused({ content: stored[0]!.prompt, excludeId: 'not-an-id' }, 'excludeId must be a prompt id');
    expect((await t.app.inject({ method: 'POST', url: '/api/prompts/similar', payload: { content: stored[0]!.prompt } })).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxListSchema } from '../../../shared/schemas/inbox';
import { promptSchema, promptVersionListSchema } from '../../../shared/schemas/prompts';
import { type Suggestion, suggestionListSchema, suggestionSchema } from '../../../shared/schemas/suggestions';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Suggested edits: who may make them (those who see a prompt but do not edit it), who decides them
// (editors and curators), accepting (a version credited to the suggester), declining with a reply,
// suggestions made against an older version, and the inbox items each step writes.

let t: TestApp;
let admin: TestUser;
let eve: TestUser; // owner, Legal
let otto: TestUser; // another editor, Sales
let rita: TestUser; // read member
let carl: TestUser; // curator of Legal (an editor in Sales)
const ids: Record<string, string> = {};

const request = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload }) });
const suggest = async (u: TestUser, id: string, payload: Record<string, unknown>) => {
  const res = await request(u, 'POST', `/api/prompts/${id}/suggestions`, payload);
  expect(res.statusCode, res.body).toBe(201);
  return suggestionSchema.strict().parse(res.json());
};
const decide = async (u: TestUser, s: Suggestion, how: 'accept' | 'decline', reply?: string) => {
  const res = await request(u, 'POST', `/api/suggestions/${s.id}/${how}`, how === 'decline' ? { reply } : undefined);
  expect(res.statusCode, res.body).toBe(200);
  return suggestionSchema.strict().parse(res.json());
};
const detail = async (u: TestUser, id: string) => promptSchema.strict().parse(body(await request(u, 'GET', `/api/prompts/${id}`)));
const listOf = async (u: TestUser, url: string) => {
  const res = await request(u, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return suggestionListSchema.parse(res.json()).items;
};
const inbox = async (u: TestUser) => inboxListSchema.parse(body(await request(u, 'GET', '/api/inbox'))).items;

async function create(u: TestUser, title: string, extra: Record<string, unknown> = {}) {
  const res = await request(u, 'POST', '/api/prompts', {
    title,
    content: `The body of ${title}`,
    aiModels: ['ChatGPT'],
    tags: ['Suggest'],
    notes: 'Old notes',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[title] = body<{ id: string }>(res).id;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto, reader: rita } = await usersForEveryRole(t));
  carl = await t.userWithRole('edit', { firstName: 'Carl', lastName: 'Curator', businessUnit: 'Sales' });
  expect((await request(admin, 'PUT', `/api/admin/users/${carl.user.id}/curator-units`, { units: ['Legal'] })).statusCode).toBe(200);
  await create(eve, 'Open one');
  await create(eve, 'Hidden one', { visibility: 'private' });
  await create(eve, 'Verified one');
  await create(eve, 'Edited since');
});
afterAll(() => t.close());

describe('making a suggestion', () => {
  it('is for those who see a prompt but may not edit it, and keeps only the fields that differ', async () => {
    const id = ids['Open one']!;
    const s = await suggest(rita, id, { title: 'Open one', content: 'A sharper body', tags: ['Suggest'], message: 'Shorter and clearer' });
    expect(s).toMatchObject({ status: 'open', changes: { content: 'A sharper body' }, baseVersion: 1, currentVersion: 1, canDecide: false });
    expect(Object.keys(s.changes)).toEqual(['content']);
    expect(s.author).toEqual({ id: rita.user.id, firstName: 'Rita', lastName: 'Reader' });
    expect(s.current.content).toBe('The body of Open one');

    const own = await request(eve, 'POST', `/api/prompts/${id}/suggestions`, { content: 'x', message: 'm' });
    expect(own.statusCode).toBe(403);
    expect(body(own).message).toBe('You can edit this prompt: change it instead of suggesting an edit');
    expect((await request(otto, 'POST', `/api/prompts/${ids['Hidden one']}/suggestions`, { content: 'x', message: 'm' })).statusCode).toBe(404);
    const same = await request(otto, 'POST', `/api/prompts/${id}/suggestions`, { content: 'The body of Open one', message: 'Nothing really' });
    expect(same.statusCode).toBe(400);
    expect(body(same).message).toBe('Change the title, content, notes or tags to suggest an edit');
    const silent = await request(otto, 'POST', `/api/prompts/${id}/suggestions`, { content: 'Different' });
    expect(silent.statusCode).toBe(400);
    expect(body(silent).message).toBe('Message is required');
  });

  it('reaches the prompt’s owner through the inbox, with its message', async () => {
    const item = (await inbox(eve)).find((i) => i.type === 'suggestion_received' && i.promptId === ids['Open one']);
    expect(item).toMatchObject({ actor: { id: rita.user.id }, detail: 'Shorter and clearer', promptTitle: 'Open one', readAt: null });
    expect(item!.suggestionId).toEqual(expect.any(String));
  });

  it('is listed for those who decide it, and to everyone else only their own', async () => {
    const id = ids['Open one']!;
    await suggest(otto, id, { notes: null, message: 'Notes are stale' });
    expect((await listOf(eve, `/api/prompts/${id}/suggestions`)).map((s) => s.author.firstName)).toEqual(['Otto', 'Rita']);
    expect((await listOf(carl, `/api/prompts/${id}/suggestions`)).map((s) => s.canDecide)).toEqual([true, true]);
    expect((await listOf(rita, `/api/prompts/${id}/suggestions`)).map((s) => s.author.firstName)).toEqual(['Rita']);
    expect((await listOf(eve, '/api/suggestions')).map((s) => s.author.firstName)).toEqual(['Otto', 'Rita']);
    expect((await listOf(carl, '/api/suggestions')).length).toBe(2);
    expect(await listOf(otto, '/api/suggestions')).toEqual([]);
    expect((await listOf(otto, '/api/suggestions?mine=true')).map((s) => s.changes)).toEqual([{ notes: null }]);
    expect((await detail(eve, id)).openSuggestions).toBe(2);
    expect((await detail(rita, id)).openSuggestions).toBe(0);
    // Someone else's suggestion is not for a member who cannot decide it.
    const ritas = (await listOf(eve, `/api/prompts/${id}/suggestions`)).find((s) => s.author.firstName === 'Rita')!;
    expect((await request(otto, 'GET', `/api/suggestions/${ritas.id}`)).statusCode).toBe(404);
    expect((await request(rita, 'GET', `/api/suggestions/${ritas.id}`)).statusCode).toBe(200);
  });
});

describe('deciding a suggestion', () => {
  it('accepting makes a version credited to the suggester, tells them, and cannot happen twice', async () => {
    const id = ids['Open one']!;
    expect((await request(otto, 'PUT', `/api/prompts/${id}/favorite`)).statusCode).toBeLessThan(300);
    const ritas = (await listOf(eve, `/api/prompts/${id}/suggestions`)).find((s) => s.author.firstName === 'Rita')!;
    expect((await request(rita, 'POST', `/api/suggestions/${ritas.id}/accept`)).statusCode).toBe(403);
    const accepted = await decide(eve, ritas, 'accept');
    expect(accepted).toMatchObject({ status: 'accepted', acceptedVersion: 2, decidedBy: { id: eve.user.id }, canDecide: false });
    const prompt = await detail(rita, id);
    expect(prompt).toMatchObject({ content: 'A sharper body', notes: 'Old notes', version: 2, lastEditor: { id: eve.user.id } });
    const versions = promptVersionListSchema.parse(body(await request(eve, 'GET', `/api/prompts/${id}/versions`))).items;
    expect(versions[0]).toMatchObject({
      number: 2,
      note: 'Shorter and clearer',
      suggestedBy: { id: rita.user.id, firstName: 'Rita' },
      changedFields: ['content'],
    });
    expect(versions[1]!.suggestedBy).toBeNull();
    const again = await request(eve, 'POST', `/api/suggestions/${ritas.id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe('suggestion_decided');
    expect((await inbox(rita)).find((i) => i.type === 'suggestion_accepted')).toMatchObject({
      promptId: id,
      suggestionId: ritas.id,
      actor: { id: eve.user.id },
    });
    // Who starred it hears that it changed.
    expect((await inbox(otto)).find((i) => i.type === 'favorite_changed')).toMatchObject({ promptId: id, actor: { id: eve.user.id } });
    const audit = body<{ items: Array<{ action: string; targetId: string }> }>(await request(admin, 'GET', '/api/admin/audit?action=suggestion.accepted'));
    expect(audit.items.map((e) => e.targetId)).toContain(id);
  });

  it('declining needs a reply, which reaches the suggester; a curator of the owner’s unit may decide', async () => {
    const id = ids['Open one']!;
    const ottos = (await listOf(carl, `/api/prompts/${id}/suggestions`))[0]!;
    const noReply = await request(carl, 'POST', `/api/suggestions/${ottos.id}/decline`, { reply: '  ' });
    expect(noReply.statusCode).toBe(400);
    expect(body(noReply).message).toBe('Reply is required');
    const declined = await decide(carl, ottos, 'decline', 'The notes are still right');
    expect(declined).toMatchObject({ status: 'declined', reply: 'The notes are still right', decidedBy: { firstName: 'Carl' }, acceptedVersion: null });
    expect((await detail(eve, id)).notes).toBe('Old notes');
    expect((await inbox(otto)).find((i) => i.type === 'suggestion_declined')).toMatchObject({
      detail: 'The notes are still right',
      actor: { id: carl.user.id },
    });
    expect((await detail(eve, id)).openSuggestions).toBe(0);
    expect((await listOf(eve, `/api/prompts/${id}/suggestions?status=all`)).map((s) => s.status)).toEqual(['declined', 'accepted']);
  });

  it('made against an older version says so and is shown against the current text', async () => {
    const id = ids['Edited since']!;
    const s = await suggest(rita, id, { title: 'Edited since, better', message: 'A clearer title' });
    const edit = await request(eve, 'PUT', `/api/prompts/${id}`, {
      title: 'Edited since',
      content: 'Rewritten meanwhile',
      aiModels: ['ChatGPT'],
      tags: ['Suggest'],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const now = suggestionSchema.parse(body(await request(eve, 'GET', `/api/suggestions/${s.id}`)));
    expect(now).toMatchObject({ baseVersion: 1, currentVersion: 2, current: { content: 'Rewritten meanwhile' }, changes: { title: 'Edited since, better' } });
    // Accepting applies only the suggested field: the edit made meanwhile stays.
    await decide(eve, now, 'accept');
    expect(await detail(eve, id)).toMatchObject({ title: 'Edited since, better', content: 'Rewritten meanwhile', version: 3 });
  });

  it('keeps a prompt verified when its curator accepts, and ends the verification when its owner does', async () => {
    const id = ids['Verified one']!;
    expect((await request(carl, 'PUT', `/api/prompts/${id}/status`, { status: 'verified' })).statusCode).toBe(200);
    const first = await suggest(rita, id, { content: 'Curated body', message: 'One' });
    await decide(carl, first, 'accept');
    expect((await detail(eve, id)).status).toBe('verified');
    const second = await suggest(rita, id, { content: 'Owner body', message: 'Two' });
    await decide(eve, second, 'accept');
    expect((await detail(eve, id)).status).toBe('published');
  });

  it('go to the trash with their prompt and come back with it', async () => {
    const id = ids['Open one']!;
    expect((await request(eve, 'DELETE', `/api/prompts/${id}`)).statusCode).toBe(204);
    expect((await listOf(rita, '/api/suggestions?mine=true&status=all')).map((v) => v.promptId)).not.toContain(id);
    expect((await request(eve, 'POST', `/api/trash/${id}/restore`)).statusCode).toBeLessThan(300);
    const back = await listOf(eve, `/api/prompts/${id}/suggestions?status=all`);
    expect(back.map((v) => [v.author.firstName, v.status, v.decidedBy?.firstName])).toEqual([
      ['Otto', 'declined', 'Carl'],
      ['Rita', 'accepted', 'Eve'],
    ]);
  });

  it('answers 404 for a suggestion that does not exist, and 400 for a malformed id', async () => {
    expect((await request(eve, 'POST', '/api/suggestions/00000000-0000-4000-8000-000000000000/accept')).statusCode).toBe(404);
    expect((await request(eve, 'POST', '/api/suggestions/nope/accept')).statusCode).toBe(400);
  });
});

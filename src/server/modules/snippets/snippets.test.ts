import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptSchema } from '../../../shared/schemas/prompts';
import { snippetDetailSchema, snippetListSchema } from '../../../shared/schemas/snippets';
import { prompts, promptVersions, snippets } from '../../db/schema';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Snippets through the API: who sees and changes them, prompts that include them (expanded for the
// runner, render and the prompt's variables), the checks on save (missing, loop, depth, sharing), the
// deletion guard, renames carried into every text, and what a snippet's change does to its prompts.

let t: TestApp;
let admin: TestUser;
let eve: TestUser; // editor, Legal
let otto: TestUser; // editor, Sales
let rita: TestUser; // read-only, Engineering

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (u: TestUser, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
async function ok<T = Record<string, unknown>>(u: TestUser, method: Method, url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await call(u, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return (res.body ? body(res) : undefined) as T;
}
const createSnippet = async (u: TestUser, payload: Record<string, unknown>) => snippetDetailSchema.parse(await ok(u, 'POST', '/api/snippets', payload, 201));
const createPrompt = async (u: TestUser, title: string, content: string, extra: Record<string, unknown> = {}) =>
  promptSchema.parse(await ok(u, 'POST', '/api/prompts', { title, content, aiModels: ['ChatGPT'], tags: ['kit'], visibility: 'organization', ...extra }, 201));
const getPrompt = async (u: TestUser, id: string) => promptSchema.parse(await ok(u, 'GET', `/api/prompts/${id}`));
const getSnippet = async (u: TestUser, id: string) => snippetDetailSchema.parse(await ok(u, 'GET', `/api/snippets/${id}`));
const refusal = async (u: TestUser, method: Method, url: string, payload: unknown, status: number) => {
  const res = await call(u, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return body<{ message: string; code: string; errors?: Record<string, string> }>(res);
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto, reader: rita } = await usersForEveryRole(t));
});
afterAll(() => t.close());

describe('snippets', () => {
  it('are created, listed and read by anyone they are shared with; names are checked and unique in any case', async () => {
    const style = await createSnippet(eve, { name: 'house-style', content: 'Write in plain English.' });
    expect(style).toMatchObject({ name: 'house-style', version: 1, visibility: 'organization', canEdit: true, usedInCount: 0, usedIn: [] });
    expect(style.versions.map((v) => v.version)).toEqual([1]);
    expect((await getSnippet(otto, style.id)).canEdit).toBe(false);
    const list = snippetListSchema.parse(await ok(rita, 'GET', '/api/snippets?search=house'));
    expect(list.items.map((s) => s.name)).toEqual(['house-style']);

    expect((await refusal(otto, 'POST', '/api/snippets', { name: 'House-Style', content: 'x' }, 409)).code).toBe('snippet_name_taken');
    expect((await refusal(otto, 'POST', '/api/snippets', { name: 'two words', content: 'x' }, 400)).errors?.name).toBe(
      'Name must be 1–64 letters, digits, “-” or “_”',
    );
    expect((await refusal(otto, 'POST', '/api/snippets', { name: 'empty', content: ' ' }, 400)).errors?.content).toBe('Content is required');
    expect((await refusal(rita, 'POST', '/api/snippets', { name: 'mine', content: 'x' }, 403)).message).toBe(
      'Read-only members cannot create or change snippets',
    );
    expect((await refusal(otto, 'PUT', `/api/snippets/${style.id}`, { content: 'Mine now' }, 403)).message).toBe('You can only change your own snippets');
  });

  it('expand in the prompt that includes them: its text for Copy and the runner, render, and their variables as the prompt’s', async () => {
    const early = await refusal(eve, 'POST', '/api/snippets', { name: 'sign-off', content: 'Regards, {{author}}\n{{> disclaimer}}' }, 400);
    expect(early.errors?.content).toBe('The snippet “disclaimer” does not exist or is not shared with you');
    await createSnippet(eve, { name: 'disclaimer', content: 'Not legal advice.' });
    await createSnippet(eve, { name: 'sign-off', content: 'Regards, {{author}}\n{{> disclaimer}}' });
    const prompt = await createPrompt(eve, 'Letter', 'Dear {{name}},\n{{> house-style}}\n{{> Sign-Off}}', {
      variableDefinitions: [{ name: 'author', type: 'text', required: true }],
    });
    expect(prompt.content).toBe('Dear {{name}},\n{{> house-style}}\n{{> Sign-Off}}');
    expect(prompt.expandedContent).toBe('Dear {{name}},\nWrite in plain English.\nRegards, {{author}}\nNot legal advice.');
    expect(prompt.snippetProblem).toBe(null);
    expect(prompt.snippets.map((s) => s.name)).toEqual(['house-style', 'sign-off']);
    expect(prompt.variables.map((v) => [v.name, v.required])).toEqual([
      ['name', false],
      ['author', true],
    ]);
    const missing = await refusal(otto, 'POST', `/api/prompts/${prompt.id}/render`, { values: {} }, 400);
    expect(missing.errors).toEqual({ 'values.author': 'author is required' });
    const rendered = await ok<{ text: string }>(otto, 'POST', `/api/prompts/${prompt.id}/render`, { values: { name: 'Ana', author: 'Eve' } });
    expect(rendered.text).toBe('Dear Ana,\nWrite in plain English.\nRegards, Eve\nNot legal advice.');
  });

  it('expand any text for the caller without storing it, as the prompt form asks while its content is written', async () => {
    const preview = await ok(otto, 'POST', '/api/snippets/expand', { content: 'Hi {{who}}. {{> sign-off}} {{today}}' });
    expect(preview).toEqual({
      expandedContent: 'Hi {{who}}. Regards, {{author}}\nNot legal advice. {{today}}',
      variables: ['who', 'author', 'today'],
      problem: null,
      snippets: [{ id: expect.any(String), name: 'sign-off' }],
    });
    const mine = await createSnippet(eve, { name: 'eves-own', content: 'Secret {{code}}', visibility: 'private' });
    // Another member's private snippet is missing for them, as on save; the text stays as written, and
    // the snippets that do expand still bring their variables.
    expect(await ok(otto, 'POST', '/api/snippets/expand', { content: '{{x}} {{> eves-own}} {{> sign-off}}' })).toEqual({
      expandedContent: '{{x}} {{> eves-own}} {{> sign-off}}',
      variables: ['x', 'author'],
      problem: 'The snippet “eves-own” does not exist or is not shared with you',
      snippets: [{ id: expect.any(String), name: 'sign-off' }],
    });
    expect(await ok(eve, 'POST', '/api/snippets/expand', { content: '{{> eves-own}}' })).toMatchObject({
      variables: ['code'],
      problem: null,
      snippets: [{ id: mine.id }],
    });
    expect((await refusal(rita, 'POST', '/api/snippets/expand', { content: 'x'.repeat(100_001) }, 400)).errors?.content).toMatch(/^Content must be at most/);
    expect((await refusal(rita, 'POST', '/api/snippets/expand', {}, 400)).errors?.content).toBe('Content is required');
  });

  it('refuse on save a missing snippet, a loop and more than three levels, naming them', async () => {
    const missing = await refusal(eve, 'POST', '/api/prompts', { title: 'Ghostly', content: 'Hi {{> ghost}}', aiModels: ['ChatGPT'], tags: ['kit'] }, 400);
    expect(missing.errors?.content).toBe('The snippet “ghost” does not exist or is not shared with you');
    const a = await createSnippet(eve, { name: 'loop-a', content: 'A' });
    await createSnippet(eve, { name: 'loop-b', content: 'B {{> loop-a}}' });
    const loop = await refusal(eve, 'PUT', `/api/snippets/${a.id}`, { content: 'A {{> loop-b}}' }, 400);
    expect(loop.errors?.content).toBe('Snippets include each other in a loop: loop-a → loop-b → loop-a');
    expect((await refusal(eve, 'PUT', `/api/snippets/${a.id}`, { content: 'A {{> loop-a}}' }, 400)).errors?.content).toBe(
      'Snippets include each other in a loop: loop-a → loop-a',
    );

    const d3 = await createSnippet(eve, { name: 'deep-3', content: 'three' });
    await createSnippet(eve, { name: 'deep-2', content: 'two {{> deep-3}}' });
    await createSnippet(eve, { name: 'deep-1', content: 'one {{> deep-2}}' });
    const prompt = await createPrompt(eve, 'Deep', 'zero {{> deep-1}}');
    expect(prompt.expandedContent).toBe('zero one two three');
    // deep-3 sits three levels down already: it may include nothing more.
    await createSnippet(eve, { name: 'deep-4', content: 'four' });
    const tooDeep = await refusal(eve, 'PUT', `/api/snippets/${d3.id}`, { content: 'three {{> deep-4}}' }, 400);
    expect(tooDeep.errors?.content).toBe('Snippets are included more than 3 levels deep: deep-3 → deep-4');
    const viaPrompt = await refusal(eve, 'POST', '/api/snippets', { name: 'deep-0', content: '{{> deep-1}} and {{> deep-4}}' }, 400);
    expect(viaPrompt.errors?.content).toBe('Snippets are included more than 3 levels deep: deep-0 → deep-1 → deep-2 → deep-3');
  });

  it('follow who may see them: hidden ones are missing, and a text may not include one shared with fewer people', async () => {
    const legal = await createSnippet(eve, { name: 'legal-note', content: 'For Legal only.', visibility: 'units', units: ['Legal'] });
    expect((await refusal(otto, 'GET', `/api/snippets/${legal.id}`, undefined, 404)).code).toBe('snippet_not_found');
    expect(snippetListSchema.parse(await ok(otto, 'GET', '/api/snippets?search=legal-note')).items).toEqual([]);
    const forOtto = await refusal(otto, 'POST', '/api/prompts', { title: 'Sales', content: '{{> legal-note}}', aiModels: ['ChatGPT'], tags: ['kit'] }, 400);
    expect(forOtto.errors?.content).toBe('The snippet “legal-note” does not exist or is not shared with you');
    const wide = await refusal(
      eve,
      'POST',
      '/api/prompts',
      { title: 'Everyone', content: '{{> legal-note}}', aiModels: ['ChatGPT'], tags: ['kit'], visibility: 'organization' },
      400,
    );
    expect(wide.errors?.content).toContain('The snippet “legal-note” is shared with fewer people than this text');
    const unitPrompt = await createPrompt(eve, 'Legal memo', 'Memo. {{> legal-note}}', { visibility: 'units', units: ['Legal'] });
    expect(unitPrompt.expandedContent).toBe('Memo. For Legal only.');
    // Admins see every snippet; others who see the prompt would too, by the check above.
    expect((await getPrompt(admin, unitPrompt.id)).expandedContent).toBe('Memo. For Legal only.');

    // Sharing it more narrowly than the prompt that includes it is refused, naming that prompt.
    const narrower = await refusal(eve, 'PUT', `/api/snippets/${legal.id}`, { visibility: 'private' }, 409);
    expect(narrower).toMatchObject({ code: 'snippet_in_use', message: 'Shared this way, the snippet would be missing for readers of prompt “Legal memo”' });

    // One that got in anyway (written around the API) and one no longer shared: the reader is told, render is a 422.
    await t.db.update(prompts).set({ content: 'Hello {{> ghost}}' }).where(eq(prompts.id, unitPrompt.id));
    const broken = await getPrompt(eve, unitPrompt.id);
    expect(broken.snippetProblem).toBe('The snippet “ghost” does not exist or is not shared with you');
    expect(broken.expandedContent).toBe('Hello {{> ghost}}');
    const render = await refusal(eve, 'POST', `/api/prompts/${unitPrompt.id}/render`, { values: {} }, 422);
    expect(render).toMatchObject({ code: 'snippet_unresolved', message: 'The snippet “ghost” does not exist or is not shared with you' });
  });

  it('count and list the prompts that use them, directly or through snippets, naming only those the viewer sees', async () => {
    const base = await createSnippet(eve, { name: 'tone', content: 'Be kind.' });
    await createSnippet(eve, { name: 'preamble', content: 'Intro. {{> tone}}' });
    await createPrompt(eve, 'Open letter', '{{> tone}}');
    await createPrompt(eve, 'Via preamble', '{{> preamble}} Go.');
    await createPrompt(eve, 'Eve private', '{{> tone}}', { visibility: 'private' });
    const forEve = await getSnippet(eve, base.id);
    expect(forEve.usedIn.map((p) => p.title)).toEqual(['Eve private', 'Open letter', 'Via preamble']);
    expect(forEve).toMatchObject({ usedInCount: 3, hiddenUsedInCount: 0, includedBy: [{ name: 'preamble' }] });
    const forOtto = await getSnippet(otto, base.id);
    expect(forOtto.usedIn.map((p) => p.title)).toEqual(['Open letter', 'Via preamble']);
    expect(forOtto).toMatchObject({ usedInCount: 2, hiddenUsedInCount: 1 });
    const listed = snippetListSchema.parse(await ok(otto, 'GET', '/api/snippets?search=tone')).items;
    expect(listed.map((s) => [s.name, s.usedInCount])).toEqual([['tone', 2]]);
  });

  it('cannot be deleted while used (409 naming the texts); unused, they go', async () => {
    const used = await createSnippet(otto, { name: 'footer', content: 'Footer.' });
    const prompt = await createPrompt(otto, 'With footer', 'Body. {{> footer}}');
    const inUse = await refusal(otto, 'DELETE', `/api/snippets/${used.id}`, undefined, 409);
    expect(inUse).toMatchObject({ code: 'snippet_in_use', message: '“footer” is still used in prompts “With footer”: remove it from them first' });
    await ok(otto, 'PUT', `/api/prompts/${prompt.id}`, { title: 'With footer', content: 'Body.', aiModels: ['ChatGPT'], tags: ['kit'] });
    await ok(otto, 'DELETE', `/api/snippets/${used.id}`, undefined, 204);
    await refusal(otto, 'GET', `/api/snippets/${used.id}`, undefined, 404);
  });

  it('a rename is written into every text that includes it, versions too; an edit changes every prompt that uses it', async () => {
    const s = await createSnippet(eve, { name: 'company', content: 'Acme makes rockets.' });
    await createSnippet(eve, { name: 'about', content: 'About: {{>company}}' });
    const prompt = await createPrompt(eve, 'Pitch', 'Pitch {{> COMPANY}} now.');
    const renamed = snippetDetailSchema.parse(await ok(eve, 'PUT', `/api/snippets/${s.id}`, { name: 'acme-profile', content: 'Acme makes {{product}}.' }));
    expect(renamed).toMatchObject({ name: 'acme-profile', version: 2 });
    expect(renamed.versions.map((v) => [v.version, v.name, v.content])).toEqual([
      [2, 'acme-profile', 'Acme makes {{product}}.'],
      [1, 'company', 'Acme makes rockets.'],
    ]);
    const after = await getPrompt(eve, prompt.id);
    expect(after.content).toBe('Pitch {{> acme-profile}} now.');
    expect(after.expandedContent).toBe('Pitch Acme makes {{product}}. now.');
    expect(after.variables.map((v) => v.name)).toEqual(['product']);
    const [version] = await t.db.select({ content: promptVersions.content }).from(promptVersions).where(eq(promptVersions.promptId, prompt.id));
    expect(version!.content).toBe('Pitch {{> acme-profile}} now.');
    const [about] = await t.db.select({ content: snippets.content }).from(snippets).where(eq(snippets.name, 'about'));
    expect(about!.content).toBe('About: {{> acme-profile}}');
    expect((await getSnippet(eve, s.id)).usedInCount).toBe(1);
  });

  it('a rename reaches the texts kept aside: an open suggestion and a trashed prompt, which come back including it', async () => {
    const s = await createSnippet(eve, { name: 'kept-sign-off', content: 'Regards, Legal.' });
    const kept = await createPrompt(eve, 'Kept aside', 'Dear {{name}}.');
    const proposal = await ok<{ id: string }>(
      otto,
      'POST',
      `/api/prompts/${kept.id}/suggestions`,
      { content: 'Dear {{name}}. {{>kept-sign-off}}', message: 'Sign it' },
      201,
    );
    const trashed = await createPrompt(eve, 'Trashed with sign-off', 'Bye. {{> Kept-Sign-Off}} \\{{> kept-sign-off}}');
    await ok(eve, 'DELETE', `/api/prompts/${trashed.id}`, undefined, 204);

    await ok(eve, 'PUT', `/api/snippets/${s.id}`, { name: 'legal-sign-off' });
    await ok(eve, 'POST', `/api/trash/${trashed.id}/restore`);
    const restored = await getPrompt(eve, trashed.id);
    // The escaped one is text, not an inclusion: it stays as written.
    expect(restored.content).toBe('Bye. {{> legal-sign-off}} \\{{> kept-sign-off}}');
    expect(restored.expandedContent).toBe('Bye. Regards, Legal. \\{{> kept-sign-off}}');
    await ok(eve, 'POST', `/api/suggestions/${proposal.id}/accept`, {});
    expect((await getPrompt(eve, kept.id)).expandedContent).toBe('Dear {{name}}. Regards, Legal.');
  });

  it('pass to the member receiving a deleted member’s prompts, or to the admin deleting them', async () => {
    const leaving = await t.userWithRole('edit', { firstName: 'Lee', lastName: 'Leaving', businessUnit: 'Sales' });
    const theirs = await createSnippet(leaving, { name: 'leaving-note', content: 'Bye.' });
    await createPrompt(otto, 'Uses leaving note', '{{> leaving-note}}');
    await ok(admin, 'DELETE', `/api/admin/users/${leaving.user.id}`, undefined, 200);
    expect((await getSnippet(otto, theirs.id)).owner.id).toBe(admin.user.id);
  });

  it('are linked exactly where they expand: spaces and tabs inside the braces, not after a backslash, and by a new or a changed name', async () => {
    const tabbed = await createSnippet(otto, { name: 'tabbed', content: 'T' });
    const prompt = await createPrompt(otto, 'Tabbed use', 'x {{>\ttabbed }} and \\{{> escaped-only}}');
    expect(prompt.expandedContent).toBe('x T and \\{{> escaped-only}}');
    expect((await getSnippet(otto, tabbed.id)).usedInCount).toBe(1);
    // Only written as text: the prompt does not use it, so it can go.
    const escaped = await createSnippet(otto, { name: 'escaped-only', content: 'E' });
    expect((await getSnippet(otto, escaped.id)).usedInCount).toBe(0);
    await ok(otto, 'DELETE', `/api/snippets/${escaped.id}`, undefined, 204);

    // A prompt naming a snippet that did not exist yet (written around the API) uses it once a snippet takes the name by a rename.
    const later = await createPrompt(otto, 'Named ahead', 'Ahead.');
    await t.db.update(prompts).set({ content: 'Ahead. {{> renamed-later}}' }).where(eq(prompts.id, later.id));
    const s = await createSnippet(otto, { name: 'before-rename', content: 'R' });
    await ok(otto, 'PUT', `/api/snippets/${s.id}`, { name: 'renamed-later' });
    expect((await getSnippet(otto, s.id)).usedIn.map((p) => p.title)).toEqual(['Named ahead']);
    expect((await refusal(otto, 'DELETE', `/api/snippets/${s.id}`, undefined, 409)).code).toBe('snippet_in_use');
  });

  it('must reach a prompt’s co-owners too; and a text that no longer expands does not stop its snippet’s other changes', async () => {
    const mine = await createSnippet(eve, { name: 'eve-only', content: 'Mine.', visibility: 'private' });
    const shared = await createPrompt(eve, 'Shared draft', 'Draft.', { visibility: 'private' });
    await ok(eve, 'PUT', `/api/prompts/${shared.id}/owners`, { ownerId: eve.user.id, coOwnerIds: [otto.user.id] });
    const update = { title: 'Shared draft', content: 'Draft. {{> eve-only}}', aiModels: ['ChatGPT'], tags: ['kit'] };
    expect((await refusal(eve, 'PUT', `/api/prompts/${shared.id}`, update, 400)).errors?.content).toContain(
      'The snippet “eve-only” is shared with fewer people',
    );
    // A co-owner cannot include what only the owner sees: for them it does not exist.
    const asCoOwner = await refusal(otto, 'PUT', `/api/prompts/${shared.id}`, update, 400);
    expect(asCoOwner.errors?.content).toBe('The snippet “eve-only” does not exist or is not shared with you');

    // Included by a private prompt of Eve's, then the prompt widened around the API: the snippet's own edits still go through.
    const own = await createPrompt(eve, 'Own private', '{{> eve-only}}', { visibility: 'private' });
    await t.db.update(prompts).set({ visibility: 'organization' }).where(eq(prompts.id, own.id));
    await ok(eve, 'PUT', `/api/snippets/${mine.id}`, { content: 'Mine, edited.' });
    expect((await getSnippet(eve, mine.id)).version).toBe(2);
  });
});

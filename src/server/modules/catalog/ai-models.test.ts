import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor } = await usersForEveryRole(t));
});
afterAll(() => t.close());

type Model = { id: string; name: string; launchUrl: string | null; homeUrl: string | null };
type AdminModel = Model & { prompts: number };
const models = async () => body<Model[]>(await t.app.inject({ method: 'GET', url: '/api/ai-models', headers: editor.auth }));
const named = async (name: string) => (await models()).find((m) => m.name === name)!;
const adminList = async () => body<AdminModel[]>(await t.app.inject({ method: 'GET', url: '/api/admin/ai-models', headers: admin.auth }));
const put = (who: TestUser, id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/admin/ai-models/${id}`, headers: who.auth, payload });
const add = (who: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/ai-models', headers: who.auth, payload });
const remove = (who: TestUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/admin/ai-models/${id}`, headers: who.auth });
const merge = (who: TestUser, id: string, into: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/ai-models/${id}/merge`, headers: who.auth, payload: { into } });
const newPrompt = async (title: string, aiModels: string[]) =>
  body<{ id: string }>(
    await t.app.inject({ method: 'POST', url: '/api/prompts', headers: editor.auth, payload: { title, content: 'c', aiModels, tags: ['t'] } }),
  ).id;
const promptModels = async (id: string) =>
  body<{ aiModels: string[] }>(await t.app.inject({ method: 'GET', url: `/api/prompts/${id}`, headers: editor.auth })).aiModels;
const latestAudit = async (action: string) =>
  body<{ items: Array<Record<string, unknown>> }>(await t.app.inject({ method: 'GET', url: `/api/admin/audit?action=${action}&limit=1`, headers: admin.auth }))
    .items[0];

describe('AI applications with launch and home URLs', () => {
  it('seeds launch URLs only where the vendor documents a prefill; the others open their home URL', async () => {
    const byName = new Map((await models()).map((m) => [m.name, m]));
    expect(byName.get('ChatGPT')).toMatchObject({ launchUrl: null, homeUrl: 'https://chatgpt.com/' });
    expect(byName.get('Perplexity')).toMatchObject({ launchUrl: null, homeUrl: 'https://www.perplexity.ai/' });
    expect(byName.get('Claude')).toMatchObject({ launchUrl: null, homeUrl: 'https://claude.ai/new' });
    expect([...byName.values()].filter((m) => m.launchUrl)).toEqual([]);
    expect(byName.get('Claude')!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets an admin set a launch URL: https only, with {prompt}, else 400 naming the problem', async () => {
    const claude = await named('Claude');
    const cases: Array<[string, string]> = [
      ['http://claude.ai/new?q={prompt}', 'Launch URL must start with https://'],
      ['https://claude.ai/new', 'Launch URL must contain {prompt}, where the prompt text goes'],
      ['javascript:alert(1)', 'Launch URL must start with https://'],
    ];
    for (const [launchUrl, message] of cases) {
      const res = await put(admin, claude.id, { name: 'Claude', launchUrl });
      expect(res.statusCode, launchUrl).toBe(400);
      expect(body(res)).toMatchObject({ errors: { launchUrl: message } });
    }
    const saved = await put(admin, claude.id, { name: 'Claude', launchUrl: ' https://claude.ai/new?q={prompt} ' });
    expect(body(saved)).toEqual({ id: claude.id, name: 'Claude', launchUrl: 'https://claude.ai/new?q={prompt}', homeUrl: 'https://claude.ai/new' });
    expect(body(await put(admin, claude.id, { name: 'Claude', launchUrl: '' }))).toMatchObject({ launchUrl: null, homeUrl: 'https://claude.ai/new' });
  });

  it('lets an admin set a home URL: https, opened as it is, else 400 naming the problem; blank removes it', async () => {
    const gemini = await named('Gemini');
    const cases: Array<[string, string]> = [
      ['http://gemini.google.com/', 'Home URL must start with https://'],
      ['https://gemini.google.com/?q={prompt}', 'Home URL is opened as it is: an address with {prompt} belongs in Launch URL'],
    ];
    for (const [homeUrl, message] of cases) {
      const res = await put(admin, gemini.id, { name: 'Gemini', homeUrl });
      expect(res.statusCode, homeUrl).toBe(400);
      expect(body(res)).toMatchObject({ errors: { homeUrl: message } });
    }
    expect(body(await put(admin, gemini.id, { name: 'Gemini', homeUrl: 'https://gemini.google.com/u/1/app' }))).toMatchObject({
      homeUrl: 'https://gemini.google.com/u/1/app',
    });
    expect(await latestAudit('ai_application.updated')).toMatchObject({
      summary: 'Changed the addresses of AI application “Gemini”',
      after: { homeUrl: 'https://gemini.google.com/u/1/app' },
    });
    expect(body(await put(admin, gemini.id, { name: 'Gemini', homeUrl: '' }))).toMatchObject({ homeUrl: null });
  });

  it('refuses everyone but admins, unknown ids and names another application has', async () => {
    const gemini = await named('Gemini');
    expect((await put(editor, gemini.id, { name: 'Gemini', launchUrl: null })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ai-models', headers: editor.auth })).statusCode).toBe(403);
    expect((await add(editor, { name: 'Sneaky' })).statusCode).toBe(403);
    expect((await remove(editor, gemini.id)).statusCode).toBe(403);
    expect((await merge(editor, gemini.id, gemini.id)).statusCode).toBe(403);
    expect((await put(admin, '00000000-0000-4000-8000-000000000000', { name: 'X', launchUrl: null })).statusCode).toBe(404);
    const clash = await put(admin, gemini.id, { name: 'chatgpt', launchUrl: null });
    expect(clash.statusCode).toBe(409);
    expect(body(clash)).toMatchObject({
      code: 'ai_model_exists',
      message: 'An AI application named “ChatGPT” already exists. Choose another name, or merge into “ChatGPT” instead.',
    });
  });

  it('carries a new name to every prompt that names the application, and to the lists', async () => {
    const id = await newPrompt('Uses Gemini', ['Gemini', 'Claude']);
    const gemini = await named('Gemini');
    expect(body(await put(admin, gemini.id, { name: 'Gemini Advanced', launchUrl: null }))).toMatchObject({ name: 'Gemini Advanced' });
    expect(await promptModels(id)).toEqual(['Gemini Advanced', 'Claude']);
    const list = body<{ items: Array<{ id: string; aiModels: string[] }> }>(
      await t.app.inject({ method: 'GET', url: '/api/prompts?aiModels=Gemini%20Advanced', headers: editor.auth }),
    );
    expect(list.items.map((i) => i.id)).toEqual([id]);
    expect(await latestAudit('ai_application.updated')).toMatchObject({ summary: 'Renamed AI application “Gemini” to “Gemini Advanced” (1 prompt)' });
  });
});

describe('adding, deleting and merging AI applications', () => {
  it('adds an application with its addresses; a name taken in any case is a 409', async () => {
    const res = await add(admin, { name: '  Le Chat  ', homeUrl: 'https://chat.mistral.ai/chat' });
    expect(res.statusCode).toBe(201);
    const created = body<Model>(res);
    expect(created).toMatchObject({ name: 'Le Chat', launchUrl: null, homeUrl: 'https://chat.mistral.ai/chat' });
    expect(await latestAudit('ai_application.created')).toMatchObject({ targetId: created.id, summary: 'Added AI application “Le Chat”' });
    expect((await adminList()).find((m) => m.id === created.id)).toMatchObject({ prompts: 0 });
    const again = await add(admin, { name: 'le chat' });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ code: 'ai_model_exists' });
    expect(body(await add(admin, { name: ' ' }))).toMatchObject({ errors: { name: expect.any(String) } });
  });

  it('deletes an unused application; one in use is refused with its count and merge offered', async () => {
    const unused = body<Model>(await add(admin, { name: 'Unused App' }));
    expect((await remove(admin, unused.id)).statusCode).toBe(200);
    expect((await models()).some((m) => m.id === unused.id)).toBe(false);
    expect(await latestAudit('ai_application.deleted')).toMatchObject({ summary: 'Deleted AI application “Unused App”' });
    expect((await remove(admin, unused.id)).statusCode).toBe(404);

    const used = body<Model>(await add(admin, { name: 'Used App' }));
    await newPrompt('Names Used App', ['Used App']);
    const refused = await remove(admin, used.id);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({
      code: 'ai_model_in_use',
      message: '“Used App” is used by 1 prompt, so it cannot be deleted. Merge it into another AI application instead: its prompts will name that one.',
      errors: { prompts: '1' },
    });
    expect((await adminList()).find((m) => m.id === used.id)).toMatchObject({ prompts: 1 });
  });

  it('merges into another: prompts, their versions and trashed prompts name the target once', async () => {
    const source = body<Model>(await add(admin, { name: 'GPT Four' }));
    const target = await named('ChatGPT');
    const both = await newPrompt('Names both', ['GPT Four', 'Claude', 'ChatGPT']);
    const one = await newPrompt('Names the source', ['GPT Four']);
    const trashed = await newPrompt('Trashed one', ['GPT Four', 'Claude']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/prompts/${trashed}`, headers: editor.auth })).statusCode).toBeLessThan(300);

    expect((await merge(admin, source.id, source.id)).statusCode).toBe(400);
    expect((await merge(admin, source.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(400);
    const res = await merge(admin, source.id, target.id);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ prompts: 2, into: { id: target.id, name: 'ChatGPT' } });

    expect(await promptModels(both)).toEqual(['ChatGPT', 'Claude']);
    expect(await promptModels(one)).toEqual(['ChatGPT']);
    expect((await models()).some((m) => m.name === 'GPT Four')).toBe(false);
    const v1 = body<{ aiModels: string[] }>(await t.app.inject({ method: 'GET', url: `/api/prompts/${one}/versions/1`, headers: editor.auth }));
    expect(v1.aiModels).toEqual(['ChatGPT']);
    expect(await latestAudit('ai_application.merged')).toMatchObject({
      targetId: target.id,
      summary: 'Merged AI application “GPT Four” into “ChatGPT” (2 prompts)',
    });

    // A prompt restored from the trash names the target, and the merged name does not come back.
    expect((await t.app.inject({ method: 'POST', url: `/api/trash/${trashed}/restore`, headers: editor.auth })).statusCode).toBe(200);
    expect(await promptModels(trashed)).toEqual(['ChatGPT', 'Claude']);
    expect((await models()).some((m) => m.name === 'GPT Four')).toBe(false);
    const filtered = body<{ items: Array<{ id: string }> }>(
      await t.app.inject({ method: 'GET', url: '/api/prompts?aiModels=GPT%20Four', headers: editor.auth }),
    );
    expect(filtered.items).toEqual([]);
  });
});

describe('template variables of a prompt', () => {
  it('come with the prompt, in order of first appearance, choices with their options and built-ins marked', async () => {
    const created = body<{ id: string; variables: unknown }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: editor.auth,
        payload: {
          title: 'Template',
          content: 'On {{current_date}}, write to {{ audience }} in a {{tone:formal|friendly}} tone. Again {{audience}}. \\{{not}} {{open',
          aiModels: ['Claude'],
          tags: ['t'],
        },
      }),
    );
    // Undefined, each is text, or a choice when the template lists options; none is required.
    const expected = [
      { name: 'current_date', type: 'text', required: false, builtin: true },
      { name: 'audience', type: 'text', required: false },
      { name: 'tone', type: 'choice', options: ['formal', 'friendly'], required: false },
    ];
    expect(created.variables).toEqual(expected);
    const read = body<{ variables: unknown }>(await t.app.inject({ method: 'GET', url: `/api/prompts/${created.id}`, headers: admin.auth }));
    expect(read.variables).toEqual(expected);
  });
});

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

type Model = { id: string; name: string; launchUrl: string | null };
const models = async () => body<Model[]>(await t.app.inject({ method: 'GET', url: '/api/ai-models', headers: editor.auth }));
const put = (who: TestUser, id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/admin/ai-models/${id}`, headers: who.auth, payload });

describe('AI applications with launch URLs', () => {
  it('lists id, name and launch URL, seeded only for the applications that prefill from the address', async () => {
    const byName = new Map((await models()).map((m) => [m.name, m]));
    expect(byName.get('ChatGPT')).toMatchObject({ launchUrl: 'https://chatgpt.com/?q={prompt}' });
    expect(byName.get('Perplexity')).toMatchObject({ launchUrl: 'https://www.perplexity.ai/search?q={prompt}' });
    expect(byName.get('Claude')).toMatchObject({ launchUrl: null });
    expect(byName.get('Claude')!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets an admin set a launch URL: https only, with {prompt}, else 400 naming the problem', async () => {
    const claude = (await models()).find((m) => m.name === 'Claude')!;
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
    expect(body(saved)).toEqual({ id: claude.id, name: 'Claude', launchUrl: 'https://claude.ai/new?q={prompt}' });
    expect(body(await put(admin, claude.id, { name: 'Claude', launchUrl: '' }))).toMatchObject({ launchUrl: null });
  });

  it('refuses everyone but admins, unknown ids and names another application has', async () => {
    const gemini = (await models()).find((m) => m.name === 'Gemini')!;
    expect((await put(editor, gemini.id, { name: 'Gemini', launchUrl: null })).statusCode).toBe(403);
    expect((await put(admin, '00000000-0000-4000-8000-000000000000', { name: 'X', launchUrl: null })).statusCode).toBe(404);
    const clash = await put(admin, gemini.id, { name: 'chatgpt', launchUrl: null });
    expect(clash.statusCode).toBe(409);
    expect(body(clash)).toMatchObject({ code: 'ai_model_exists', message: 'AI application "ChatGPT" already exists' });
  });

  it('carries a new name to every prompt that names the application, and to the lists', async () => {
    const created = body<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: editor.auth,
        payload: { title: 'Uses Gemini', content: 'c', aiModels: ['Gemini', 'Claude'], tags: ['t'] },
      }),
    );
    const gemini = (await models()).find((m) => m.name === 'Gemini')!;
    expect(body(await put(admin, gemini.id, { name: 'Gemini Advanced', launchUrl: null }))).toMatchObject({ name: 'Gemini Advanced' });
    const prompt = body<{ aiModels: string[] }>(await t.app.inject({ method: 'GET', url: `/api/prompts/${created.id}`, headers: editor.auth }));
    expect(prompt.aiModels).toEqual(['Gemini Advanced', 'Claude']);
    const list = body<{ items: Array<{ id: string; aiModels: string[] }> }>(
      await t.app.inject({ method: 'GET', url: '/api/prompts?aiModels=Gemini%20Advanced', headers: editor.auth }),
    );
    expect(list.items.map((i) => i.id)).toEqual([created.id]);
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
    const expected = [{ name: 'current_date', builtin: true }, { name: 'audience' }, { name: 'tone', options: ['formal', 'friendly'] }];
    expect(created.variables).toEqual(expected);
    const read = body<{ variables: unknown }>(await t.app.inject({ method: 'GET', url: `/api/prompts/${created.id}`, headers: admin.auth }));
    expect(read.variables).toEqual(expected);
  });
});

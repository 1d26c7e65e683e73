import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prompt, PromptVersion } from '../../../shared/schemas/prompts';
import { VARIABLE_MESSAGES } from '../../../shared/schemas/variables';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Typed variables: definitions saved with a prompt, checked against its content, announced in
// `variables`, dropped with their variable, and kept with each version.

let t: TestApp;
let editor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ editor } = await usersForEveryRole(t));
});
afterAll(() => t.close());

const CONTENT =
  'Write a {{tone:formal|casual}} reply to {{customer}} about {{topics}} before {{due}}, in {{words}} words, {{attach}}. Signed {{current_user}}.';
const DEFINITIONS = [
  { name: 'topics', type: 'multiChoice', label: 'Topics', options: ['billing', 'delivery', 'returns'], default: ['billing'] },
  { name: 'due', type: 'date', label: 'Reply by', description: 'The date the customer was promised', required: true },
  { name: 'words', type: 'number', default: 150 },
  { name: 'attach', type: 'checkbox', options: ['invoice attached', 'nothing attached'] },
];
const base = { title: 'Customer reply', content: CONTENT, aiModels: ['ChatGPT'], tags: ['Support'] };
const send = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: editor.auth, payload });
let counter = 0;
const create = (payload: object) => send('POST', '/api/prompts', { ...base, title: `Customer reply ${++counter}`, ...payload });

describe('variable definitions', () => {
  it('are saved with the prompt and announced with every variable of the content, in its order', async () => {
    const res = await create({ variableDefinitions: DEFINITIONS });
    expect(res.statusCode, res.body).toBe(201);
    const prompt = body<Prompt>(res);
    expect(prompt.variables).toEqual([
      { name: 'tone', type: 'choice', options: ['formal', 'casual'], required: false },
      { name: 'customer', type: 'text', required: false },
      { name: 'topics', type: 'multiChoice', label: 'Topics', options: ['billing', 'delivery', 'returns'], default: ['billing'], required: false },
      { name: 'due', type: 'date', label: 'Reply by', description: 'The date the customer was promised', required: true },
      { name: 'words', type: 'number', default: 150, required: false },
      { name: 'attach', type: 'checkbox', options: ['invoice attached', 'nothing attached'], required: false },
      { name: 'current_user', type: 'text', required: false, builtin: true },
    ]);
    const read = body<Prompt>(await t.app.inject({ method: 'GET', url: `/api/prompts/${prompt.id}`, headers: editor.auth }));
    expect(read.variableDefinitions).toEqual(DEFINITIONS);
    expect(read.variables).toEqual(prompt.variables);
  });

  it('refuse a variable the content does not have, and definitions that do not hold together', async () => {
    const stranger = await create({ variableDefinitions: [{ name: 'region', type: 'text' }, ...DEFINITIONS] });
    expect(stranger.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(stranger).errors.variableDefinitions).toBe(`${VARIABLE_MESSAGES.notInTemplate}region`);
    const refused: Array<[object, RegExp]> = [
      [{ name: 'tone', type: 'choice' }, /tone needs at least one option/],
      [{ name: 'tone', type: 'choice', options: ['formal'], default: 'rude' }, /default of tone must be one of: formal/],
      [{ name: 'words', type: 'number', default: 'many' }, /default of words must be a number/],
      [{ name: 'due', type: 'date', default: '2026-02-30' }, /default of due must be a date/],
      [{ name: 'customer', type: 'text', options: ['a'] }, /customer is not a choice/],
      [{ name: 'attach', type: 'checkbox', options: ['yes'] }, /attach takes two words/],
      [{ name: 'current_user', type: 'text' }, /current_user is filled in automatically/],
      [{ name: 'customer', type: 'email' }, /type must be one of/],
      [{ name: 'bad{name', type: 'text' }, /A variable name is/],
    ];
    for (const [definition, message] of refused) {
      const res = await create({ variableDefinitions: [definition] });
      expect(res.statusCode, JSON.stringify(definition)).toBe(400);
      expect(res.body).toMatch(message);
    }
    const twice = await create({ variableDefinitions: [DEFINITIONS[2], DEFINITIONS[2]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain(`${VARIABLE_MESSAGES.twice}words`);
  });

  it('are kept by a save that leaves them out, but for a variable the content lost, and travel with the versions', async () => {
    const prompt = body<Prompt>(await create({ variableDefinitions: DEFINITIONS }));
    const url = `/api/prompts/${prompt.id}`;
    // The content loses {{words}}: its definition goes, the others stay.
    const shorter = CONTENT.replace(', in {{words}} words', '');
    const saved = await send('PUT', url, { ...base, title: prompt.title, content: shorter });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<Prompt>(saved).variableDefinitions.map((d) => d.name)).toEqual(['topics', 'due', 'attach']);

    // Only the definitions change: a version of its own, naming what changed.
    const relabelled = DEFINITIONS.filter((d) => d.name !== 'words').map((d) => (d.name === 'due' ? { ...d, label: 'Answer by' } : d));
    const third = await send('PUT', url, { ...base, title: prompt.title, content: shorter, variableDefinitions: relabelled });
    expect(third.statusCode, third.body).toBe(200);
    expect(body<Prompt>(third).version).toBe(3);
    const v3 = body<PromptVersion>(await t.app.inject({ method: 'GET', url: `${url}/versions/3`, headers: editor.auth }));
    expect(v3.changedFields).toEqual(['variableDefinitions']);
    expect(v3.variableDefinitions.find((d) => d.name === 'due')?.label).toBe('Answer by');

    // Version 1 restored: its content and its four definitions come back.
    const restored = await t.app.inject({ method: 'POST', url: `${url}/versions/1/restore`, headers: editor.auth });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(body<Prompt>(restored).variableDefinitions).toEqual(DEFINITIONS);
    expect(body<Prompt>(restored).content).toBe(CONTENT);
  });
});

describe('POST /api/prompts/{id}/render', () => {
  it('fills each variable by its type, defaults and built-ins included, and names each value that cannot fill it', async () => {
    const prompt = body<Prompt>(await create({ variableDefinitions: DEFINITIONS }));
    const render = (values: object) => send('POST', `/api/prompts/${prompt.id}/render`, { values });
    const filled = await render({ customer: 'Ann', due: '2026-12-24', topics: ['billing', 'returns'], attach: true });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(body<{ text: string }>(filled).text).toBe(
      `Write a formal reply to Ann about billing, returns before 2026-12-24, in 150 words, invoice attached. Signed ${editor.user.firstName} ${editor.user.lastName}.`,
    );
    // Left out: {{customer}} has no default and stays as written; the checkbox is unchecked.
    expect(body<{ text: string }>(await render({ due: '2026-12-24' })).text).toContain(
      'reply to {{customer}} about billing before 2026-12-24, in 150 words, nothing attached.',
    );

    const refused = await render({ words: 'many', tone: 'rude', topics: ['gifts'] });
    expect(refused.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(refused).errors).toEqual({
      'values.tone': 'tone must be one of: formal, casual',
      'values.topics': 'Topics must be among: billing, delivery, returns',
      'values.due': 'Reply by is required',
      'values.words': 'words must be a number',
    });
    expect((await send('POST', '/api/prompts/00000000-0000-4000-8000-000000000000/render', { values: {} })).statusCode).toBe(404);
  });
});

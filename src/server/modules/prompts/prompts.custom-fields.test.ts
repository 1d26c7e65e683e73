import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FormFieldRow, formFields } from '../../db/schema';
import { validateCustomFields } from './prompts.custom-fields';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let u: TestUser;
const base = { content: 'c', aiModels: ['Claude'], tags: ['T'] };
const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/prompts', headers: u.auth, payload });
let n = 0;
const title = () => `Custom ${++n}`;

beforeAll(async () => {
  t = await createTestApp();
  u = await t.register({ businessUnit: 'Research' });
  await t.db.insert(formFields).values([
    { name: 'audience', label: 'Audience', type: 'select', required: true, order: 7, options: ['Internal', 'Customers'] },
    { name: 'channels', label: 'Channels', type: 'multiselect', order: 8, options: ['Email', 'Chat', 'Web'] },
    { name: 'reviewed', label: 'Reviewed', type: 'checkbox', order: 9 },
    { name: 'owner', label: 'Owning Unit', type: 'business-units', order: 10 },
    { name: 'hidden', label: 'Hidden', type: 'text', enabled: false, order: 11 },
  ]);
});
afterAll(() => t.close());

describe('custom fields', () => {
  it('are listed by GET /api/form-fields in order, with unit names as options for business-units fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/form-fields', headers: u.auth });
    const fields = body<Array<{ name: string; options: string[] }>>(res);
    expect(fields.map((f) => f.name)).toEqual([
      'title',
      'content',
      'notes',
      'aiModels',
      'tags',
      'userBusinessUnit',
      'audience',
      'channels',
      'reviewed',
      'owner',
    ]);
    expect(fields.find((f) => f.name === 'owner')?.options).toEqual(['Research']);
  });

  it('are validated against their configuration', async () => {
    const missing = await create({ ...base, title: title() });
    expect(missing.statusCode).toBe(400);
    expect(body(missing)).toMatchObject({ errors: { 'customFields.audience': 'Audience is required' } });
    const bad = await create({
      ...base,
      title: title(),
      customFields: { audience: 'Aliens', channels: ['Email', 'Fax'], reviewed: 'yes', owner: 'Nowhere' },
    });
    expect(body(bad)).toMatchObject({
      errors: {
        'customFields.audience': 'Audience must be one of: Internal, Customers',
        'customFields.channels': 'Channels may only contain: Email, Chat, Web',
        'customFields.reviewed': 'Reviewed must be true or false',
        'customFields.owner': 'Owning Unit must be an existing business unit',
      },
    });
  });

  it('are stored, returned, cleared when sent empty, and kept when the field is later disabled; unknown keys are dropped', async () => {
    const ok = await create({
      ...base,
      title: title(),
      customFields: { audience: 'Customers', channels: ['Chat', 'Chat', 'Email'], reviewed: true, owner: 'research', hidden: 'x', bogus: 'y' },
    });
    expect(ok.statusCode).toBe(201);
    const prompt = body<{ id: string; customFields: Record<string, unknown> }>(ok);
    expect(prompt.customFields).toEqual({ audience: 'Customers', channels: ['Chat', 'Email'], reviewed: true, owner: 'Research' });

    await t.db.update(formFields).set({ enabled: false }).where(eq(formFields.name, 'channels'));
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/prompts/${prompt.id}`,
      headers: u.auth,
      payload: { ...base, title: 'Renamed custom', customFields: { audience: 'Internal', owner: '' } },
    });
    // Owning Unit was emptied and Reviewed left unticked: both change; Channels is disabled and kept.
    expect(body<{ customFields: unknown }>(upd).customFields).toEqual({ audience: 'Internal', channels: ['Chat', 'Email'], reviewed: false });
    const read = await t.app.inject({ method: 'GET', url: `/api/prompts/${prompt.id}`, headers: u.auth });
    expect(body<{ customFields: unknown }>(read).customFields).toEqual({ audience: 'Internal', channels: ['Chat', 'Email'], reviewed: false });

    // An update that leaves customFields out (an API client) changes none of them.
    await t.db.update(formFields).set({ enabled: true }).where(eq(formFields.name, 'channels'));
    const set = { method: 'PUT', url: `/api/prompts/${prompt.id}`, headers: u.auth } as const;
    await t.app.inject({
      ...set,
      payload: { ...base, title: 'Renamed custom', customFields: { audience: 'Customers', reviewed: true, owner: 'Research', channels: ['Web'] } },
    });
    const untouched = await t.app.inject({ ...set, payload: { ...base, title: 'Renamed again' } });
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect(body<{ customFields: unknown }>(untouched).customFields).toEqual({ audience: 'Customers', channels: ['Web'], reviewed: true, owner: 'Research' });
  });

  it('make aiModels, tags and notes required or optional as configured', async () => {
    await t.db.update(formFields).set({ required: false }).where(eq(formFields.name, 'tags'));
    await t.db.update(formFields).set({ required: true }).where(eq(formFields.name, 'notes'));
    const res = await create({ ...base, title: title(), tags: [], customFields: { audience: 'Internal' } });
    expect(body(res)).toMatchObject({ errors: { notes: 'Notes are required' } });
    expect(body(res)).not.toHaveProperty('errors.tags');
    const ok = await create({ ...base, title: title(), tags: [], notes: 'n', customFields: { audience: 'Internal' } });
    expect(ok.statusCode).toBe(201);
  });
});

describe('custom fields named after Object.prototype members', () => {
  it('read own values only: "Constructor", "toString" or "hasOwnProperty" fields do not break every save', async () => {
    for (const label of ['Constructor', 'toString', 'hasOwnProperty']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/form-fields', headers: u.auth, payload: { name: label, label, type: 'text' } });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Names the label rule cannot make (an older row, a direct insert) are read the same way.
    await t.db.insert(formFields).values([
      { name: 'valueOf', label: 'Value Of', type: 'checkbox', order: 30 },
      { name: '__proto__', label: 'Proto', type: 'text', order: 31 },
    ]);
    const payload = { ...base, notes: 'n' };
    const plain = await create({ ...payload, title: title(), customFields: { audience: 'Internal' } });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(body(plain).customFields).toEqual({ audience: 'Internal', reviewed: false, valueOf: false });
    const filled = await create({ ...payload, title: title(), customFields: { audience: 'Internal', constructor: 'Ada', tostring: 'shown', valueOf: true } });
    expect(filled.statusCode, filled.body).toBe(201);
    expect(body(filled).customFields).toEqual({ audience: 'Internal', reviewed: false, constructor: 'Ada', tostring: 'shown', valueOf: true });
    await t.db.delete(formFields).where(inArray(formFields.name, ['constructor', 'tostring', 'hasownproperty', 'valueOf', '__proto__']));
  });

  it('store a value under "__proto__" as a value, never as the prototype', () => {
    const row = { name: '__proto__', label: 'Proto', type: 'text', required: false, options: [] } as unknown as FormFieldRow;
    const { values, errors } = validateCustomFields([row], JSON.parse('{"__proto__":"kept"}') as Record<string, string>, []);
    expect(errors).toEqual({});
    expect(Object.hasOwn(values, '__proto__')).toBe(true);
    expect(JSON.stringify(values)).toBe('{"__proto__":"kept"}');
    expect(validateCustomFields([row], {}, []).values).toEqual({});
  });
});

describe('catalogs', () => {
  it('lists the seeded AI applications, adds custom ones once (case-insensitively), and never caches', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/ai-models', headers: u.auth });
    expect(list.headers['cache-control']).toBe('no-store');
    expect(body<Array<{ name: string }>>(list).map((m) => m.name)).toEqual(
      expect.arrayContaining(['ChatGPT', 'Claude', 'Gemini', 'Microsoft Copilot', 'GitHub Copilot', 'Midjourney']),
    );
    const added = await t.app.inject({ method: 'POST', url: '/api/ai-models', headers: u.auth, payload: { model: '  Internal LLM ' } });
    expect(added.statusCode).toBe(201);
    expect(body(added)).toEqual({ model: 'Internal LLM' });
    const again = await t.app.inject({ method: 'POST', url: '/api/ai-models', headers: u.auth, payload: { model: 'internal llm' } });
    expect(again.statusCode).toBe(200);
    expect(body(again)).toEqual({ model: 'Internal LLM' });
    const blank = await t.app.inject({ method: 'POST', url: '/api/ai-models', headers: u.auth, payload: { model: ' ' } });
    expect(body(blank)).toMatchObject({ errors: { model: 'AI application name is required' } });
  });

  it('lets signed-in users add a business unit, answering 409 "already exists" for a match in any case', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/business-units', headers: u.auth, payload: { name: ' Marketing ' } });
    expect(res.statusCode).toBe(201);
    const dup = await t.app.inject({ method: 'POST', url: '/api/business-units', headers: u.auth, payload: { name: 'MARKETING' } });
    expect(dup.statusCode).toBe(409);
    expect(body<{ message: string }>(dup).message).toContain('already exists');
    const blank = await t.app.inject({ method: 'POST', url: '/api/business-units', headers: u.auth, payload: { name: '' } });
    expect(body(blank)).toMatchObject({ errors: { name: 'Business unit name is required' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/business-units', payload: { name: 'X' } })).statusCode).toBe(401);
  });
});

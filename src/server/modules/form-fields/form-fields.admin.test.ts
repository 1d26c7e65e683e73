import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
type Field = { id: string; name: string; label: string; order: number; type: string; options: string[]; enabled: boolean; required: boolean };
const list = async () => body<Field[]>(await t.app.inject({ method: 'GET', url: '/api/admin/form-fields', headers: admin.auth }));
const byName = async (name: string) => (await list()).find((f) => f.name === name)!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register();
});
afterAll(() => t.close());

describe('form field management', () => {
  it('generates the name from the label on create and keeps it on edit; names are unique', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/form-fields',
      headers: admin.auth,
      payload: { name: 'ignored', label: 'Target Audience!', type: 'select', options: ['Internal', ' ', 'Customers', 'Internal'], order: 7 },
    });
    expect(res.statusCode).toBe(201);
    const field = body<Field>(res);
    expect(field).toMatchObject({ name: 'targetaudience', options: ['Internal', 'Customers'], required: false, enabled: true });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/form-fields/${field.id}`,
      headers: admin.auth,
      payload: { name: 'other', label: 'Audience', type: 'select', options: ['A'] },
    });
    expect(body(edit)).toMatchObject({ name: 'targetaudience', label: 'Audience', options: ['A'] });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/form-fields',
      headers: admin.auth,
      payload: { name: 'x', label: 'target audience', type: 'text' },
    });
    expect(dup.statusCode).toBe(409);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/admin/form-fields',
      headers: admin.auth,
      payload: { name: 'x', label: 'Plain', type: 'text', options: ['dropped'] },
    });
    expect(body(text)).toMatchObject({ options: [] });
  });

  it('validates with the specified messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/form-fields',
      headers: admin.auth,
      payload: { name: '', label: '', type: 'colour', order: -1 },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ errors: { name: 'Field name is required', label: 'Field label is required', order: 'Order must be a positive number' } });
    const noOptions = await t.app.inject({
      method: 'POST',
      url: '/api/admin/form-fields',
      headers: admin.auth,
      payload: { name: 'm', label: 'Multi', type: 'multiselect', options: [] },
    });
    expect(body(noOptions)).toMatchObject({ errors: { options: expect.stringContaining('at least one option') } });
  });

  it('keeps title and content enabled, required and undeletable, and built-in types fixed', async () => {
    const title = await byName('title');
    const disable = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/form-fields/${title.id}`,
      headers: admin.auth,
      payload: { ...title, enabled: false },
    });
    expect(disable.statusCode).toBe(400);
    const optional = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/form-fields/${title.id}`,
      headers: admin.auth,
      payload: { ...title, required: false },
    });
    expect(optional.statusCode).toBe(400);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/form-fields/${(await byName('content')).id}`, headers: admin.auth });
    expect(del.statusCode).toBe(400);
    const tags = await byName('tags');
    const retype = await t.app.inject({ method: 'PUT', url: `/api/admin/form-fields/${tags.id}`, headers: admin.auth, payload: { ...tags, type: 'text' } });
    expect(retype.statusCode).toBe(400);
    const relabel = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/form-fields/${tags.id}`,
      headers: admin.auth,
      payload: { ...tags, label: 'Keywords', required: false },
    });
    expect(body(relabel)).toMatchObject({ name: 'tags', label: 'Keywords', required: false });
  });

  it('reorders by position, renumbering from 1, and the prompt form follows', async () => {
    const fields = await list();
    const reversed = [...fields].reverse();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/form-fields/reorder',
      headers: admin.auth,
      payload: { fields: reversed.map((f, i) => ({ ...f, order: i + 1 })) },
    });
    expect(res.statusCode).toBe(200);
    const after = await list();
    expect(after.map((f) => f.id)).toEqual(reversed.map((f) => f.id));
    expect(after.map((f) => f.order)).toEqual(after.map((_, i) => i + 1));
    const form = body<Field[]>(await t.app.inject({ method: 'GET', url: '/api/form-fields', headers: admin.auth }));
    expect(form.map((f) => f.id)).toEqual(after.filter((f) => f.enabled).map((f) => f.id));
    const partial = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/form-fields/reorder',
      headers: admin.auth,
      payload: { fields: [{ id: after[0]!.id }] },
    });
    expect(partial.statusCode).toBe(400);
  });

  it('deletes a custom field but keeps values already stored on prompts', async () => {
    const f = body<Field>(
      await t.app.inject({ method: 'POST', url: '/api/admin/form-fields', headers: admin.auth, payload: { name: 'x', label: 'Reviewer', type: 'text' } }),
    );
    const p = body<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: admin.auth,
        payload: { title: 'With reviewer', content: 'c', aiModels: ['A'], tags: ['T'], customFields: { reviewer: 'Sam', audience: 'A' } },
      }),
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/form-fields/${f.id}`, headers: admin.auth })).statusCode).toBe(204);
    const prompt = body<{ customFields: Record<string, unknown> }>(await t.app.inject({ method: 'GET', url: `/api/prompts/${p.id}`, headers: admin.auth }));
    expect(prompt.customFields.reviewer).toBe('Sam');
  });
});

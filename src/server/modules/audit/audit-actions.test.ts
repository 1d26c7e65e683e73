import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditAction, type AuditEvent, auditPageSchema } from '../../../shared/schemas/audit';
import { queryRows } from '../../db/client';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { purgeTrash } from '../trash/trash.service';

// Every action the log promises to record is recorded, with who, what and the change.
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
const PASSWORD = 'correct horse battery';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(u: TestUser | null, method: Method, url: string, payload?: Record<string, unknown>, status?: number) {
  const res = await t.app.inject({ method, url, headers: u?.auth ?? {}, ...(payload ? { payload } : {}) });
  if (status) expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res;
}

/** The newest event of `action`, which must exist. */
async function latest(action: AuditAction): Promise<AuditEvent> {
  const res = await call(admin, 'GET', `/api/admin/audit?action=${action}&limit=1`, undefined, 200);
  const [event] = auditPageSchema.parse(body(res)).items;
  expect(event, `an event ${action}`).toBeDefined();
  return event!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ email: 'root@example.com', firstName: 'Ada', lastName: 'Admin', businessUnit: 'Ops' });
  editor = await t.userWithRole('edit', { email: 'writer@example.com', firstName: 'Eve', lastName: 'Editor' });
});
afterAll(() => t.close());

describe('authentication events', () => {
  it('records sign-up, sign-in, refused sign-ins, password change, reset and sign-out', async () => {
    expect(await latest('auth.sign_up')).toMatchObject({ actor: { email: 'writer@example.com' }, targetType: 'user', targetId: editor.user.id });

    await call(null, 'POST', '/api/login', { email: 'writer@example.com', password: 'not the password' }, 401);
    expect(await latest('auth.sign_in_failed')).toMatchObject({
      actor: { id: editor.user.id },
      summary: 'Sign-in refused for writer@example.com: wrong password',
    });
    await call(null, 'POST', '/api/login', { email: 'nobody@example.com', password: 'whatever it is' }, 401);
    expect(await latest('auth.sign_in_failed')).toMatchObject({ actor: { id: null, email: 'nobody@example.com' }, targetId: null });

    const signedIn = await call(null, 'POST', '/api/login', { email: 'writer@example.com', password: PASSWORD }, 200);
    expect(await latest('auth.sign_in')).toMatchObject({ actor: { id: editor.user.id }, summary: 'writer@example.com signed in' });
    const session = { authorization: `Bearer ${body<{ token: string }>(signedIn).token}` };

    await t.app.inject({
      method: 'PUT',
      url: '/api/change-password',
      headers: session,
      payload: { currentPassword: PASSWORD, newPassword: 'another long secret' },
    });
    expect(await latest('auth.password_changed')).toMatchObject({ actor: { id: editor.user.id } });

    const asked = await call(null, 'POST', '/api/password-reset/request', { email: 'writer@example.com' }, 200);
    expect(await latest('auth.reset_requested')).toMatchObject({ actor: { id: editor.user.id }, summary: 'Password reset asked for writer@example.com' });
    await call(null, 'POST', '/api/password-reset/request', { email: 'ghost@example.com' }, 200);
    expect(await latest('auth.reset_requested')).toMatchObject({ actor: { id: null, email: 'ghost@example.com' } });
    await call(
      null,
      'POST',
      '/api/password-reset/complete',
      { token: body<{ token: string }>(asked).token, newPassword: PASSWORD, confirmPassword: PASSWORD },
      200,
    );
    expect(await latest('auth.reset_completed')).toMatchObject({ actor: { id: editor.user.id } });

    const again = await call(null, 'POST', '/api/login', { email: 'writer@example.com', password: PASSWORD }, 200);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${body<{ token: string }>(again).token}` } });
    expect(await latest('auth.sign_out')).toMatchObject({ actor: { id: editor.user.id }, summary: 'writer@example.com signed out' });
    editor = {
      ...editor,
      auth: {
        authorization: `Bearer ${body<{ token: string }>(await call(null, 'POST', '/api/login', { email: 'writer@example.com', password: PASSWORD }, 200)).token}`,
      },
    };
  });

  it('never keeps a password, typed or temporary, in any event', async () => {
    const created = await call(
      admin,
      'POST',
      '/api/admin/users',
      { email: 'temp@example.com', firstName: 'Tim', lastName: 'Temp', businessUnit: 'Ops', role: 'read' },
      201,
    );
    const temporary = body<{ temporaryPassword: string }>(created).temporaryPassword;
    const rows = await queryRows(t.db, sql`select row_to_json(a)::text as j from audit_events a`);
    const everything = rows.map((r) => String(r.j)).join('\n');
    for (const secret of [PASSWORD, 'not the password', 'another long secret', 'whatever it is', temporary]) expect(everything).not.toContain(secret);
  });
});

describe('administration events', () => {
  it('records users created, updated (role changes called out), reset and deleted with the transfer target', async () => {
    const res = await call(
      admin,
      'POST',
      '/api/admin/users',
      { email: 'mover@example.com', firstName: 'Mo', lastName: 'Ver', businessUnit: 'Ops', role: 'edit' },
      201,
    );
    const id = body<{ user: { id: string } }>(res).user.id;
    expect(await latest('user.created')).toMatchObject({ actor: { id: admin.user.id }, targetId: id, after: { email: 'mover@example.com', role: 'edit' } });
    await call(
      admin,
      'PUT',
      `/api/admin/users/${id}`,
      { email: 'mover@example.com', firstName: 'Mo', lastName: 'Ver', businessUnit: 'Ops', role: 'admin' },
      200,
    );
    expect(await latest('user.updated')).toMatchObject({
      summary: 'Updated mover@example.com: role edit → admin',
      before: { role: 'edit' },
      after: { role: 'admin' },
    });
    await call(admin, 'POST', `/api/admin/users/${id}/reset-password`, undefined, 200);
    expect(await latest('user.password_reset')).toMatchObject({ targetId: id });
    await call(admin, 'DELETE', `/api/admin/users/${id}?transferTo=${editor.user.id}`, undefined, 200);
    expect(await latest('user.deleted')).toMatchObject({
      targetId: id,
      summary: 'Deleted mover@example.com; 0 prompts transferred to writer@example.com',
      after: { transferredTo: { id: editor.user.id, email: 'writer@example.com' }, transferredPrompts: 0 },
    });
  });

  it('records business units created, renamed and deleted', async () => {
    const unit = body<{ id: string }>(await call(admin, 'POST', '/api/admin/business-units', { name: 'Skunkworks' }, 201));
    expect(await latest('business_unit.created')).toMatchObject({ targetId: unit.id, after: { name: 'Skunkworks' } });
    await call(admin, 'PUT', `/api/admin/business-units/${unit.id}`, { name: 'Labs' }, 200);
    expect(await latest('business_unit.renamed')).toMatchObject({ before: { name: 'Skunkworks' }, after: { name: 'Labs' } });
    await call(admin, 'DELETE', `/api/admin/business-units/${unit.id}`, undefined, 204);
    expect(await latest('business_unit.deleted')).toMatchObject({ summary: 'Deleted business unit “Labs”' });
  });

  it('records form fields created, updated, deleted and reordered', async () => {
    const field = { name: 'audience', label: 'Audience', type: 'text', enabled: true, required: false, placeholder: '', options: [] };
    const created = body<{ id: string }>(await call(admin, 'POST', '/api/admin/form-fields', field, 201));
    expect(await latest('form_field.created')).toMatchObject({ targetId: created.id, after: { label: 'Audience', type: 'text' } });
    await call(admin, 'PUT', `/api/admin/form-fields/${created.id}`, { ...field, required: true }, 200);
    expect(await latest('form_field.updated')).toMatchObject({ before: { required: false }, after: { required: true } });
    const fields = body<Array<{ id: string }>>(await call(admin, 'GET', '/api/admin/form-fields', undefined, 200));
    await call(admin, 'PUT', '/api/admin/form-fields/reorder', { fields: [...fields].reverse().map((f) => ({ id: f.id })) }, 200);
    const reordered = await latest('form_field.reordered');
    expect((reordered.after as { order: string[] }).order).toEqual([...(reordered.before as { order: string[] }).order].reverse());
    await call(admin, 'DELETE', `/api/admin/form-fields/${created.id}`, undefined, 204);
    expect(await latest('form_field.deleted')).toMatchObject({ summary: 'Deleted form field “Audience”' });
  });

  it('records AI application changes and exports with their type, format, filters and row count', async () => {
    const models = body<Array<{ id: string; name: string }>>(await call(admin, 'GET', '/api/ai-models', undefined, 200));
    const model = models[0]!;
    await call(admin, 'PUT', `/api/admin/ai-models/${model.id}`, { name: model.name, launchUrl: 'https://example.com/?q={prompt}' }, 200);
    expect(await latest('ai_application.updated')).toMatchObject({ targetId: model.id, after: { launchUrl: 'https://example.com/?q={prompt}' } });

    await call(editor, 'POST', '/api/prompts', { title: 'Exported one', content: 'x', aiModels: [model.name], tags: ['Audit'] }, 201);
    await call(admin, 'GET', '/api/admin/export?type=prompts&format=json&tags=Audit', undefined, 200);
    expect(await latest('data.exported')).toMatchObject({
      summary: 'Exported 1 prompt as JSON (filtered)',
      after: { type: 'prompts', format: 'json', rows: 1, filters: { tags: ['Audit'], search: '' } },
    });
  });
});

describe('prompt events', () => {
  it('records created, updated (with the changed fields), restored versions, trashed, restored and deleted for good', async () => {
    const input = { title: 'Audited prompt', content: 'First text', aiModels: ['ChatGPT'], tags: ['Audit'] };
    const { id } = body<{ id: string }>(await call(editor, 'POST', '/api/prompts', input, 201));
    expect(await latest('prompt.created')).toMatchObject({ actor: { id: editor.user.id }, targetId: id, summary: 'Created prompt “Audited prompt”' });

    await call(editor, 'PUT', `/api/prompts/${id}`, { ...input, content: 'Second text' }, 200);
    expect(await latest('prompt.updated')).toMatchObject({
      summary: 'Updated prompt “Audited prompt” (version 2: content)',
      before: { content: 'First text' },
      after: { content: 'Second text' },
    });
    await call(admin, 'POST', `/api/prompts/${id}/versions/1/restore`, undefined, 200);
    expect(await latest('prompt.updated')).toMatchObject({
      actor: { id: admin.user.id },
      summary: 'Restored version 1 of prompt “Audited prompt” (version 3: content)',
    });

    await call(editor, 'DELETE', `/api/prompts/${id}`, undefined, 204);
    expect(await latest('prompt.trashed')).toMatchObject({ targetId: id, summary: 'Moved to the trash: “Audited prompt”' });
    await call(editor, 'POST', `/api/trash/${id}/restore`, undefined, 200);
    expect(await latest('prompt.restored')).toMatchObject({ targetId: id });
    await call(editor, 'DELETE', `/api/prompts/${id}`, undefined, 204);
    await call(admin, 'DELETE', `/api/trash/${id}`, undefined, 204);
    expect(await latest('prompt.deleted')).toMatchObject({ actor: { id: admin.user.id }, targetId: id, summary: 'Deleted for good: “Audited prompt”' });
  });

  it('records the retention purge as deletes by nobody', async () => {
    const { id } = body<{ id: string }>(
      await call(editor, 'POST', '/api/prompts', { title: 'Old rubbish', content: 'x', aiModels: ['ChatGPT'], tags: ['Audit'] }, 201),
    );
    await call(editor, 'DELETE', `/api/prompts/${id}`, undefined, 204);
    await t.db.execute(sql`update trashed_prompts set trashed_at = now() - interval '40 days' where id = ${id}`);
    expect(await purgeTrash(t.db, 30)).toBe(1);
    expect(await latest('prompt.deleted')).toMatchObject({
      actor: { id: null, email: null },
      targetId: id,
      summary: 'Deleted for good: “Old rubbish” (in the trash for more than 30 days)',
    });
  });

  it('writes nothing when the action fails', async () => {
    const before = (await queryRows(t.db, sql`select count(*)::int as n from audit_events where action = 'prompt.created'`))[0]!.n;
    await call(editor, 'POST', '/api/prompts', { title: 'Exported one', content: 'duplicate title', aiModels: ['ChatGPT'], tags: ['Audit'] }, 409);
    const after = (await queryRows(t.db, sql`select count(*)::int as n from audit_events where action = 'prompt.created'`))[0]!.n;
    expect(after).toBe(before);
  });
});

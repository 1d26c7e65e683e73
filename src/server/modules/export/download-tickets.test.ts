import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeRoleAsAdmin, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let secondAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ firstName: 'Ada', lastName: 'Admin' });
  secondAdmin = await t.userWithRole('admin', { firstName: 'Grace', lastName: 'Second' });
  for (const title of ['Alpha', 'Beta']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: admin.auth,
      payload: { title, content: `${title} body`, tags: [title], aiModels: ['Claude'] },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

async function ticket(who: TestUser, payload: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/export/tickets', headers: who.auth, payload });
  return { status: res.statusCode, url: (res.json() as { url?: string }).url ?? '' };
}

describe('one-time download links', () => {
  it('let the browser fetch the export without a bearer header, once', async () => {
    const { status, url } = await ticket(admin, { type: 'prompts', format: 'csv', tags: 'Alpha' });
    expect(status).toBe(201);
    expect(url).toMatch(/^\/api\/downloads\/[\w-]{40,}$/);
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename="ai-prompts-prompts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(first.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.title)).toEqual(['Alpha']);
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'download_link_invalid' });
  });

  it('are refused to non-admins and validated like the export itself', async () => {
    const member = await t.userWithRole('edit');
    expect((await ticket(member, { type: 'prompts' })).status).toBe(403);
    expect((await ticket(admin, { type: 'secrets' })).status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/downloads/made-up' })).statusCode).toBe(404);
  });

  it('end with the session that asked for them and with the admin role', async () => {
    const afterLogout = await ticket(secondAdmin, { type: 'users', format: 'json' });
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: secondAdmin.auth });
    expect((await t.app.inject({ method: 'GET', url: afterLogout.url })).statusCode).toBe(404);

    const demoted = await t.userWithRole('admin');
    const beforeDemotion = await ticket(demoted, { type: 'users', format: 'json' });
    await changeRoleAsAdmin(t, admin, demoted, 'read');
    expect((await t.app.inject({ method: 'GET', url: beforeDemotion.url })).statusCode).toBe(404);
  });
});

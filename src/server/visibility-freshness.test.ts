import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerStorage, StartedProcess } from './test/server-process';
import { testDatabaseKind } from './test/test-database';
import { call, FRESH_WITHIN_MS, json, msUntil, startTwoInstances, stopTwoInstances } from './test/two-instances';

// Who sees a unit's prompts, across two instances of the built server on one PostgreSQL database: a
// member an admin moves to another unit on one instance, and a unit renamed there, see the other
// instance answer by their new unit within 200 ms, although it caches sessions, list pages and totals.
// An inbox item written through one instance is counted and listed by the other as quickly.
const describePostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;

let storage: ServerStorage;
let a: StartedProcess;
let b: StartedProcess;
const password = 'a long enough secret';

afterAll(() => stopTwoInstances({ storage, a, b }));

interface Member {
  token: string;
  id: string;
  email: string;
}

async function signUp(email: string, businessUnit: string): Promise<Member> {
  const res = await call(a, '/api/register', undefined, 'POST', { email, password, firstName: email.split('@')[0], lastName: 'Person', businessUnit });
  expect(res.status, res.body).toBe(201);
  const { token, user } = json<{ token: string; user: { id: string } }>(res);
  return { token, id: user.id, email };
}

describePostgres('who sees a unit’s prompts, across two instances', () => {
  let admin: Member;
  let member: Member;
  const ids = { legal: '', hr: '' };
  type Page = { items: Array<{ id: string; units: string[] }>; total: number };
  const listed = async (server: StartedProcess) => json<Page>(await call(server, '/api/prompts', member.token)).items;
  const seesInList = async (server: StartedProcess, id: string) => (await listed(server)).some((item) => item.id === id);
  const detail = (server: StartedProcess, id: string) => call(server, `/api/prompts/${id}`, member.token);

  beforeAll(async () => {
    ({ storage, a, b } = await startTwoInstances());
    admin = await signUp('admin@example.com', 'HR');
    member = await signUp('mover@example.com', 'Legal');
    const create = async (title: string, unit: string) => {
      const payload = { title, content: `${title} content`, aiModels: ['Claude'], tags: ['units'], visibility: 'units', units: [unit] };
      const res = await call(a, '/api/prompts', admin.token, 'POST', payload);
      expect(res.status, res.body).toBe(201);
      return json<{ id: string }>(res).id;
    };
    ids.legal = await create('Legal only', 'Legal');
    ids.hr = await create('HR only', 'HR');
  }, 240_000);

  it('shows a member moved to another unit on one instance only the new unit’s prompts on the other within 200 ms', async () => {
    // Warm instance B's caches as the member sees things in Legal.
    expect(await seesInList(b, ids.legal)).toBe(true);
    expect(await seesInList(b, ids.hr)).toBe(false);
    expect((await detail(b, ids.legal)).status).toBe(200);
    expect((await detail(b, ids.hr)).status).toBe(404);

    const move = { email: member.email, firstName: 'mover', lastName: 'Person', businessUnit: 'HR', role: 'edit' };
    expect((await call(a, `/api/admin/users/${member.id}`, admin.token, 'PUT', move)).status).toBe(200);

    const list = await msUntil(async () => {
      const items = await listed(b);
      return !items.some((item) => item.id === ids.legal) && items.some((item) => item.id === ids.hr);
    });
    const gone = await msUntil(async () => (await detail(b, ids.legal)).status === 404);
    const shown = await msUntil(async () => (await detail(b, ids.hr)).status === 200);
    expect({ list, gone, shown }).toEqual({ list: expect.any(Number), gone: expect.any(Number), shown: expect.any(Number) });
    expect(Math.max(list, gone, shown)).toBeLessThan(FRESH_WITHIN_MS);
    const notFound = await detail(b, ids.legal);
    expect(json(notFound)).toMatchObject({ code: 'prompt_not_found' });
  });

  it('shows a unit renamed on one instance under its new name on the other within 200 ms, to the same members', async () => {
    // Warm B again: the member (now in HR) sees the HR prompt, named by its unit.
    expect((await listed(b)).find((item) => item.id === ids.hr)?.units).toEqual(['HR']);
    const units = json<Array<{ id: string; name: string }>>(await call(a, '/api/admin/business-units', admin.token));
    const hr = units.find((unit) => unit.name === 'HR')!;
    expect((await call(a, `/api/admin/business-units/${hr.id}`, admin.token, 'PUT', { name: 'People' })).status).toBe(200);

    const list = await msUntil(async () => {
      const items = await listed(b);
      return items.find((item) => item.id === ids.hr)?.units.join() === 'People' && !items.some((item) => item.id === ids.legal);
    });
    const shown = await msUntil(async () => {
      const res = await detail(b, ids.hr);
      return res.status === 200 && json<{ units: string[] }>(res).units.join() === 'People';
    });
    const profile = await msUntil(async () => json<{ businessUnit: string }>(await call(b, '/api/user', member.token)).businessUnit === 'People');
    expect({ list, shown, profile }).toEqual({ list: expect.any(Number), shown: expect.any(Number), profile: expect.any(Number) });
    expect(Math.max(list, shown, profile)).toBeLessThan(FRESH_WITHIN_MS);
    expect((await detail(b, ids.legal)).status).toBe(404);
  });

  it('delivers an inbox item written through one instance to the other within 200 ms, unread and named', async () => {
    // The member (now in People) reads the admin's People prompt and suggests an edit through A; the
    // admin, who owns it, asks B. Nothing about the inbox is cached: B reads what A committed.
    const unread = async () => json<{ unread: number }>(await call(b, '/api/inbox/unread', admin.token)).unread;
    const before = await unread();
    const sent = await call(a, `/api/prompts/${ids.hr}/suggestions`, member.token, 'POST', { content: 'A shorter body', message: 'Tighter' });
    expect(sent.status, sent.body).toBe(201);
    const counted = await msUntil(async () => (await unread()) === before + 1);
    expect(counted).toBeLessThan(FRESH_WITHIN_MS);
    const [item] = json<{ items: Array<{ type: string; promptId: string; detail: string }> }>(await call(b, '/api/inbox?unread=true', admin.token)).items;
    expect(item).toMatchObject({ type: 'suggestion_received', promptId: ids.hr, detail: 'Tighter' });
  });
});

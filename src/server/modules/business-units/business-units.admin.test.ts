import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ businessUnit: 'Research' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: admin.auth, payload });

describe('business unit administration', () => {
  it('creates trimmed, case-insensitively unique units', async () => {
    const res = await call('POST', '/api/admin/business-units', { name: '  Legal ' });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({ name: 'Legal' });
    const dup = await call('POST', '/api/admin/business-units', { name: 'LEGAL' });
    expect(dup.statusCode).toBe(409);
    expect(body<{ message: string }>(dup).message).toContain('already exists');
    expect(body(await call('POST', '/api/admin/business-units', { name: ' ' }))).toMatchObject({ errors: { name: 'Business unit name is required' } });
  });

  it('renames a unit and carries the name to users and prompts', async () => {
    const units = body<Array<{ id: string; name: string }>>(await call('GET', '/api/admin/business-units'));
    const research = units.find((u) => u.name === 'Research')!;
    await call('POST', '/api/prompts', { title: 'In research', content: 'c', aiModels: ['A'], tags: ['T'] });
    const legal = units.find((u) => u.name === 'Legal')!;
    expect((await call('PUT', `/api/admin/business-units/${research.id}`, { name: 'legal' })).statusCode).toBe(409);
    const res = await call('PUT', `/api/admin/business-units/${research.id}`, { name: 'R&D' });
    expect(body(res)).toMatchObject({ name: 'R&D' });
    expect(body(await call('GET', '/api/user'))).toMatchObject({ businessUnit: 'R&D' });
    const list = body<{ items: Array<{ userBusinessUnit: string }> }>(await call('GET', '/api/prompts'));
    expect(list.items[0]!.userBusinessUnit).toBe('R&D');
    expect((await call('DELETE', `/api/admin/business-units/${legal.id}`)).statusCode).toBe(204);
  });

  it('refuses to delete a referenced unit, saying by how many users and prompts', async () => {
    const units = body<Array<{ id: string; name: string }>>(await call('GET', '/api/admin/business-units'));
    const rd = units.find((u) => u.name === 'R&D')!;
    const res = await call('DELETE', `/api/admin/business-units/${rd.id}`);
    expect(res.statusCode).toBe(409);
    expect(body<{ message: string }>(res).message).toContain('is referenced by 1 user and 1 prompt');
    expect(body(res)).toMatchObject({ code: 'business_unit_referenced', errors: { users: '1', prompts: '1' } });
    expect((await call('DELETE', '/api/admin/business-units/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('moves a referenced unit’s users and prompts to another unit, then deletes it', async () => {
    const units = body<Array<{ id: string; name: string }>>(await call('GET', '/api/admin/business-units'));
    const rd = units.find((u) => u.name === 'R&D')!;
    const ops = body<{ id: string }>(await call('POST', '/api/admin/business-units', { name: 'Operations' }));
    expect((await call('DELETE', `/api/admin/business-units/${rd.id}?moveTo=${rd.id}`)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/admin/business-units/${rd.id}?moveTo=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/admin/business-units/${rd.id}?moveTo=somewhere`)).statusCode).toBe(400);

    expect((await call('DELETE', `/api/admin/business-units/${rd.id}?moveTo=${ops.id}`)).statusCode).toBe(204);
    const names = body<Array<{ name: string }>>(await call('GET', '/api/admin/business-units')).map((u) => u.name);
    expect(names).not.toContain('R&D');
    expect(body(await call('GET', '/api/user'))).toMatchObject({ businessUnit: 'Operations' });
    const [prompt] = body<{ items: Array<{ id: string; userBusinessUnit: string }> }>(await call('GET', '/api/prompts')).items;
    expect(prompt!.userBusinessUnit).toBe('Operations');
    const history = body<{ items: Array<{ number: number; note: string | null }> }>(await call('GET', `/api/prompts/${prompt!.id}/versions`));
    expect(history.items[0]).toMatchObject({ note: 'Moved to business unit “Operations” (“R&D” was deleted)' });
    const audit = body<{ items: Array<{ summary: string }> }>(await call('GET', '/api/admin/audit?action=business_unit.deleted&limit=1'));
    expect(audit.items[0]!.summary).toBe('Deleted business unit “R&D”, moving 1 prompt and 1 user to “Operations”');
  });
});

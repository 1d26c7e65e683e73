import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { EXPORT_FAILED_MARKER } from './export.service';

let t: TestApp;
let admin: TestUser;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'error' }, { logStream: { write: (line) => logLines.push(line) } });
  admin = await t.register();
  for (const title of ['First', 'Second']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: admin.auth,
      payload: { title, content: 'x', aiModels: ['Claude'], tags: ['Export'] },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

const get = (qs: string) => t.app.inject({ method: 'GET', url: `/api/admin/export?${qs}`, headers: admin.auth });

describe('export failures', () => {
  it('answer a 400 before any download header when the filter is invalid', async () => {
    for (const qs of ['type=prompts&format=csv&search=a%00b', 'type=prompts&tags=%00', 'type=prompts&format=pdf', `type=prompts&search=${'x'.repeat(201)}`]) {
      const res = await get(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.headers['content-disposition'], qs).toBeUndefined();
      expect(body(res), qs).toHaveProperty('code');
    }
  });

  it('end the file with a clear marker, and are logged, when a row fails after the first byte', async () => {
    // A row no export can write: a creation time of 'infinity' has no ISO form.
    const odd = await t.register();
    await t.db.execute(sql`update users set created_at = 'infinity' where id = ${odd.user.id}`);
    const csv = await get('type=users&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trimEnd().split('\r\n').at(-1)).toBe(EXPORT_FAILED_MARKER);
    const json = await get('type=users&format=json');
    expect(json.body).toContain(EXPORT_FAILED_MARKER);
    expect(() => JSON.parse(json.body)).toThrow();
    const logged = logLines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 50 && l.msg.includes('export failed'));
    expect(logged).toHaveLength(2);
  });
});

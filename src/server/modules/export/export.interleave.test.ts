import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { testDatabaseKind } from '../../test/test-database';

// The embedded database runs inside the server process: a long export must leave turns to the other
// requests between its batches instead of holding the process until it ends.
const describeEmbedded = testDatabaseKind() === 'pglite' ? describe : describe.skip;

describeEmbedded('an export on the embedded database', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.register();
    await t.db.execute(sql`insert into prompts (title, content, ai_models, tags, user_id, user_business_unit, author_name)
      select 'Exported ' || g, repeat('Long content of a prompt. ', 40), array['Claude'], array['export'], ${admin.user.id}::uuid, 'Engineering', 'A B'
      from generate_series(1, 3000) g`);
  }, 60_000);
  afterAll(() => t.close());

  it('serves other requests while it streams', async () => {
    let exporting = true;
    let servedMeanwhile = 0;
    const others = (async () => {
      while (exporting) {
        const res = await t.app.inject({ method: 'GET', url: '/healthz' });
        if (exporting && res.statusCode === 200) servedMeanwhile++;
        // A client's next request comes a moment later, not in the same turn of the event loop.
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/export?type=prompts&format=csv', headers: admin.auth });
    exporting = false;
    await others;
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n').filter((line) => line.includes('Exported ')).length).toBe(3000);
    // 3,000 rows come in 15 batches; the health checks get their turn between them.
    expect(servedMeanwhile).toBeGreaterThanOrEqual(10);
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { openDatabase } from './db/client';
import { PROJECT_ROOT } from './lib/project-root';
import { freshStorage, type ServerStorage } from './test/server-process';
import { testDatabaseKind } from './test/test-database';

// Moves an embedded database onto the PostgreSQL server of TEST_DATABASE_URL, so it runs in that project.
const describePostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;
const run = promisify(execFile);
const storages: ServerStorage[] = [];
afterAll(async () => {
  for (const s of storages) await s.drop();
});

async function appOn(target: Parameters<typeof openDatabase>[0]) {
  const handle = await openDatabase(target);
  await handle.migrate();
  const app = await buildApp({ config: testConfig({ authRateLimit: 10_000 }), db: handle.db, webDistDir: '/nonexistent' });
  await app.ready();
  return { app, close: async () => (await app.close(), await handle.close()) };
}

describePostgres('npm run db:move', () => {
  it('copies everything from the embedded database into an empty PostgreSQL database, ids and sessions included', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'apd-move-'));
    const source = await appOn({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
    const admin = await source.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'admin@example.com', password: 'a long enough secret', firstName: 'Ada', lastName: 'Admin', businessUnit: 'Ops' },
    });
    const auth = { authorization: `Bearer ${(admin.json() as { token: string }).token}` };
    const field = await source.app.inject({
      method: 'POST',
      url: '/api/admin/form-fields',
      headers: auth,
      payload: { name: 'audience', label: 'Audience', type: 'text', order: 9 },
    });
    expect(field.statusCode).toBe(201);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await source.app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: auth,
        payload: {
          title: `Moved ${i} «quoted» 'text'`,
          content: `Line one\nLine "two" ${i}`,
          aiModels: ['Claude'],
          tags: ['move', `t${i % 3}`],
          customFields: { audience: `team ${i}` },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push((res.json() as { id: string }).id);
    }
    const before = (await source.app.inject({ method: 'GET', url: `/api/prompts/${ids[7]}`, headers: auth })).json();
    const formBefore = (await source.app.inject({ method: 'GET', url: '/api/admin/form-fields', headers: auth })).json();
    await source.close();

    const target = await freshStorage();
    storages.push(target);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/db-move.ts', target.env.DATABASE_URL!], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    expect(stdout).toContain('Every table matches (30 prompts, 1 users)');
    expect(stdout).toContain(`DATABASE_URL=${target.env.DATABASE_URL} npm start`);

    const moved = await appOn({ kind: 'postgres', url: target.env.DATABASE_URL!, poolSize: 2 });
    try {
      // The same session token still works, and the same prompt comes back under the same id.
      expect((await moved.app.inject({ method: 'GET', url: `/api/prompts/${ids[7]}`, headers: auth })).json()).toEqual(before);
      expect((await moved.app.inject({ method: 'GET', url: '/api/admin/form-fields', headers: auth })).json()).toEqual(formBefore);
      const search = (await moved.app.inject({ method: 'GET', url: '/api/prompts?search=moved&tags=t1', headers: auth })).json() as { total: number };
      expect(search.total).toBe(10);
      const login = await moved.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'admin@example.com', password: 'a long enough secret' } });
      expect(login.statusCode).toBe(200);
    } finally {
      await moved.close();
    }

    // A second move into the same (no longer empty) database is refused.
    const again = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/db-move.ts', target.env.DATABASE_URL!], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    }).catch((err: { code: number; stderr: string }) => err);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('not empty') });
  }, 120_000);
});

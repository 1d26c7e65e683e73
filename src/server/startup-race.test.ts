import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildIfNeeded,
  freePort,
  freshStorage,
  httpRequest,
  type ServerStorage,
  type StartedProcess,
  startProcess,
  waitForHealth,
} from './test/server-process';
import { testDatabaseKind } from './test/test-database';

// Several instances on one PostgreSQL database (the embedded one admits a single process by design).
const describePostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;

const storages: ServerStorage[] = [];
const started: StartedProcess[] = [];
afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(started.map((p) => p.exited));
  for (const s of storages) await s.drop();
});

describePostgres('instances starting together on a fresh database', () => {
  beforeAll(() => buildIfNeeded(), 240_000);

  it('all start (migrations and the bootstrap admin take turns), and the admin exists once', async () => {
    for (let round = 0; round < 2; round++) {
      const storage = await freshStorage();
      storages.push(storage);
      const env = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'a long enough secret' };
      const ports = await Promise.all([0, 1, 2, 3].map(() => freePort()));
      const four = ports.map((port) => startProcess([process.execPath, 'dist/server/main.js'], storage, port, env));
      started.push(...four);
      const outcomes = await Promise.all(
        four.map((p) =>
          Promise.race([waitForHealth(p.url, 60_000).then(() => 'healthy'), p.exited.then(({ code }) => `exited ${code}: ${p.output().slice(-400)}`)]),
        ),
      );
      expect(outcomes, `round ${round}`).toEqual(['healthy', 'healthy', 'healthy', 'healthy']);
      const login = await httpRequest(`${four[0]!.url}/api/login`, { method: 'POST', body: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } });
      const { token } = JSON.parse(login.body) as { token: string };
      const users = JSON.parse((await httpRequest(`${four[3]!.url}/api/admin/users`, { token })).body) as Array<{ email: string; role: string }>;
      expect(users.filter((u) => u.email === env.ADMIN_EMAIL)).toEqual([expect.objectContaining({ role: 'admin' })]);
      for (const p of four) p.child.kill('SIGTERM');
      for (const p of four) expect((await p.exited).code).toBe(0);
    }
  }, 180_000);
});

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from './lib/project-root';
import { buildIfNeeded, freePort, freshStorage, httpRequest, type StartedProcess, startProcess, waitForHealth } from './test/server-process';
import { testDatabaseKind } from './test/test-database';

// npm run backup / npm run restore and the backup schedule, around the built server. The embedded
// database only: PostgreSQL is backed up with pg_dump.
const describeEmbedded = testDatabaseKind() === 'pglite' ? describe : describe.skip;
const run = promisify(execFile);
const started: StartedProcess[] = [];
afterAll(() => {
  for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
});

/** Runs one of the CLI scripts as `npm run` would, with DATA_DIR set; resolves with its exit code and output. */
async function cli(script: 'backup' | 'restore', args: string[], dataDir: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describeEmbedded('backups of the embedded database from the command line and on a schedule', () => {
  beforeAll(() => buildIfNeeded(), 240_000);

  it('backs up a running server and a stopped one, keeps BACKUP_KEEP scheduled files, and restores into a new folder', async () => {
    const storage = await freshStorage();
    const work = mkdtempSync(path.join(tmpdir(), 'apd-backups-'));
    const backupDir = path.join(work, 'scheduled');
    const server = startProcess([process.execPath, 'dist/server/main.js'], storage, await freePort(), {
      BACKUP_DIR: backupDir,
      BACKUP_INTERVAL_HOURS: String(2 / 3600),
      BACKUP_KEEP: '2',
    });
    started.push(server);
    await waitForHealth(server.url);
    const signUp = await httpRequest(`${server.url}/api/register`, {
      method: 'POST',
      body: { email: 'admin@example.com', password: 'a long enough secret', firstName: 'Ada', lastName: 'Admin', businessUnit: 'Ops' },
    });
    const { token } = JSON.parse(signUp.body) as { token: string };
    for (let i = 0; i < 12; i++) {
      const res = await httpRequest(`${server.url}/api/prompts`, {
        method: 'POST',
        token,
        body: { title: `Kept ${i}`, content: 'c', aiModels: ['A'], tags: ['t'] },
      });
      expect(res.status).toBe(201);
    }

    const live = path.join(work, 'live.tar.gz');
    const fromServer = await cli('backup', ['--out', live], storage.dataDir);
    expect(fromServer, fromServer.output).toMatchObject({ code: 0 });
    expect(fromServer.output).toContain('from the running server');

    // Scheduled every 2 s with two kept: once a third backup was made, exactly two finished files remain.
    const finished = () => readdirSync(backupDir).filter((n) => n.endsWith('.tar.gz'));
    const seen = new Set<string>();
    await vi.waitFor(
      () => {
        for (const name of finished()) seen.add(name);
        expect(seen.size).toBeGreaterThanOrEqual(3);
        expect(finished()).toHaveLength(2);
      },
      { timeout: 30_000, interval: 100 },
    );

    process.kill(server.serverPid(), 'SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(existsSync(path.join(storage.dataDir, 'backup.sock'))).toBe(false);
    const offline = await cli('backup', ['--out', path.join(work, 'offline.tar.gz')], storage.dataDir);
    expect(offline, offline.output).toMatchObject({ code: 0 });
    expect(offline.output).toContain('from the data folder');

    const target = mkdtempSync(path.join(tmpdir(), 'apd-restored-'));
    const restored = await cli('restore', [live], target);
    expect(restored, restored.output).toMatchObject({ code: 0 });
    expect(restored.output).toContain('Restored 12 prompts and 1 users');
    const again = await cli('restore', [live], target);
    expect(again.code).toBe(1);
    expect(again.output).toContain('not empty');

    const reopened = startProcess(
      [process.execPath, 'dist/server/main.js'],
      { ...storage, env: { DATA_DIR: target, DATABASE_URL: '' }, dataDir: target },
      await freePort(),
    );
    started.push(reopened);
    await waitForHealth(reopened.url);
    const login = await httpRequest(`${reopened.url}/api/login`, { method: 'POST', body: { email: 'admin@example.com', password: 'a long enough secret' } });
    const list = await httpRequest(`${reopened.url}/api/prompts?search=kept`, { token: (JSON.parse(login.body) as { token: string }).token });
    expect(JSON.parse(list.body)).toMatchObject({ total: 12 });
    process.kill(reopened.serverPid(), 'SIGTERM');
    expect((await reopened.exited).code).toBe(0);
  }, 180_000);
});

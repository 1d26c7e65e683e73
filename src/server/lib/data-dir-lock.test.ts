import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/test-database';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

// Files and processes only, no database: runs once.
const describeOnce = testDatabaseKind() === 'pglite' ? describe : describe.skip;
const FIXTURE = path.join(import.meta.dirname, 'data-dir-lock.fixture.ts');
const folders: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apd-lock-'));
  folders.push(dir);
  return dir;
}

/** Another process taking the lock; resolves with its first line ("locked" or "refused: …"). */
function contender(dataDir: string, holdMs = 60_000, startAt = 0) {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dataDir, String(holdMs), String(startAt)], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const said = new Promise<string>((resolve) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.on('exit', () => resolve(out.split('\n')[0] ?? ''));
  });
  return { child, said };
}

const ownerOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'app.lock'), 'utf8')) as { pid: number; startTime: string; folder: string };

describeOnce('the data folder lock', () => {
  it('refuses a second process while the first holds the folder, and is free again once it is released', async () => {
    const dir = folder();
    const first = contender(dir);
    expect(await first.said).toBe('locked');
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    // Killed without releasing: its lock names a dead process, so it is stale.
    const release = acquireDataDirLock(dir);
    expect(ownerOf(dir).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock whose pid now belongs to another process (a reused pid)', async () => {
    const dir = folder();
    const other = contender(folder());
    expect(await other.said).toBe('locked');
    const real = ownerOf(folders.at(-1)!);
    // The same live pid, but the start time of the process that wrote this lock was another one.
    writeFileSync(path.join(dir, 'app.lock'), JSON.stringify({ ...real, folder: path.resolve(dir), startTime: '1' }));
    const release = acquireDataDirLock(dir);
    expect(ownerOf(dir).pid).toBe(process.pid);
    release();
  });

  it('starts on a copy of a folder whose original is in use (the copied lock names the original)', async () => {
    const original = folder();
    const running = contender(original);
    expect(await running.said).toBe('locked');
    const copy = path.join(folder(), 'copy');
    cpSync(original, copy, { recursive: true });
    const release = acquireDataDirLock(copy);
    expect(ownerOf(copy).folder).toBe(copy);
    release();
    // The original is still held.
    expect(() => acquireDataDirLock(original)).toThrow(DataDirLockedError);
  });

  it('lets exactly one of six processes take a stale lock at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = folder();
      writeFileSync(path.join(dir, 'app.lock'), JSON.stringify({ pid: 2 ** 22 + 7, startTime: '1', folder: path.resolve(dir) }));
      const startAt = Date.now() + 2_000;
      const six = Array.from({ length: 6 }, () => contender(dir, 1_500, startAt));
      const said = await Promise.all(six.map((c) => c.said));
      expect(
        said.filter((s) => s === 'locked'),
        `round ${round}: ${said.join(' | ')}`,
      ).toHaveLength(1);
      for (const c of six) c.child.kill('SIGKILL');
    }
  }, 60_000);
});

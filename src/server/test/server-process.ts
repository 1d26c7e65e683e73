import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../lib/project-root';
import { testDatabaseKind } from './test-database';

/** Where a started server keeps its data: a fresh DATA_DIR, or a fresh database on TEST_DATABASE_URL. */
export interface ServerStorage {
  env: Record<string, string>;
  dataDir: string;
  drop(): Promise<void>;
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Storage for this test run's engine (PGlite in a temporary folder, or a new PostgreSQL database). */
export async function freshStorage(): Promise<ServerStorage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apd-proc-'));
  if (testDatabaseKind() === 'pglite') return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, dataDir, drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `apd_proc_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dataDir,
    drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    srv.on('error', reject);
  });
}

/** Builds the client and server bundles once, as `npm start` would (the build script locks itself). */
export function buildIfNeeded(): void {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: PROJECT_ROOT, stdio: 'ignore' });
}

export interface StartedProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** The pid of the server itself, read from its first log line (under `npm start` it is npm's child). */
  serverPid(): number;
}

/**
 * Starts `npm start` (or a plain command) in a process group of its own, so a test can signal the
 * group the way systemd does, on a free port with the given storage.
 */
export function startProcess(command: string[], storage: ServerStorage, port: number, env: Record<string, string> = {}): StartedProcess {
  const [file, ...args] = command;
  const child = spawn(file!, args, {
    cwd: PROJECT_ROOT,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...storage.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    serverPid() {
      const match = /"pid":(\d+)/.exec(output);
      if (!match) throw new Error(`no pid in the server log yet:\n${output}`);
      return Number(match[1]);
    },
  };
}

export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await httpRequest(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become healthy`);
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * One request on a connection of its own (no keep-alive), so a connection the server closes while idle
 * can never swallow a request: what a test counts as sent is what the server received.
 */
export function httpRequest(url: string, options: { method?: string; token?: string; body?: unknown } = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(url, {
      method: options.method ?? 'GET',
      agent: false,
      headers: {
        ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      // A body cut short after its headers were sent is a broken answer, not a refused connection.
      res.on('error', (err) => reject(Object.assign(err, { afterHeaders: true })));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Whether a process with this pid still runs. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

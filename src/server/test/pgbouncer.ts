import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, type ServerStorage } from './server-process';

// Debian's PgBouncer in transaction mode, in front of the test PostgreSQL server, as managed services
// offer it: no prepared statements kept across transactions, startup parameters it does not know
// refused, a server connection handed to another client after every transaction.

export const PGBOUNCER = '/usr/sbin/pgbouncer';
export const pgbouncerInstalled = () => existsSync(PGBOUNCER);

export interface RunningPgBouncer {
  port: number;
  /** `url` (the PostgreSQL server's) with the pooler's port instead. */
  pooled(url: string): string;
  stop(): Promise<void>;
}

async function listening(port: number, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`PgBouncer did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface PgBouncerOptions {
  /** TLS required of every client, with this certificate and key (PEM files). */
  tls?: { certFile: string; keyFile: string };
}

/** Starts PgBouncer (transaction mode, trust) for the server of `serverUrl` on a free port. */
export async function startPgBouncer(serverUrl: string, { tls }: PgBouncerOptions = {}): Promise<RunningPgBouncer> {
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'apd-pgbouncer-'));
  const user = decodeURIComponent(server.username || 'postgres');
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      ...(tls ? ['client_tls_sslmode = require', `client_tls_cert_file = ${tls.certFile}`, `client_tls_key_file = ${tls.keyFile}`] : []),
      'max_client_conn = 1000',
      'default_pool_size = 20',
      '',
    ].join('\n'),
  );
  // It refuses to run as root: then it drops to the postgres user, which must read its files.
  chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  try {
    await listening(port, 10_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}:\n${output}`);
  }
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    port,
    pooled(url) {
      const pooled = new URL(url);
      pooled.hostname = '127.0.0.1';
      pooled.port = String(port);
      return pooled.toString();
    },
    async stop() {
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The storage's database reached through `bouncer`, with PostgreSQL itself as DATABASE_DIRECT_URL. */
export function throughPooler(storage: ServerStorage, bouncer: RunningPgBouncer): ServerStorage {
  const direct = storage.env.DATABASE_URL!;
  return { ...storage, env: { ...storage.env, DATABASE_URL: bouncer.pooled(direct), DATABASE_DIRECT_URL: direct } };
}

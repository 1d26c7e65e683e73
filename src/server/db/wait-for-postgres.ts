import pg from 'pg';
import { DatabaseUnreachableError, isDatabaseUnavailable } from '../lib/database-errors';
import { type PgConnection, pgConnection, tlsRefusal } from './connection-tls';

/** Longest pause between two connection attempts. */
const MAX_BACKOFF_MS = 5_000;
const FIRST_BACKOFF_MS = 500;

interface WaitOptions {
  /** Seconds to keep trying (DB_CONNECT_RETRY_S); 0 = one attempt. */
  retryS: number;
  /** Longest wait for one attempt's connection. */
  connectTimeoutMs?: number;
  /** Receives one line per failed attempt that will be retried. */
  report: (line: string) => void;
  /** The PEM file of the CA that signs the server's certificate (DATABASE_CA_FILE). */
  caFile?: string;
  /** The variable holding `url`, named in messages. */
  setting?: string;
}

/**
 * At start, waits until PostgreSQL accepts a connection and answers, retrying with growing pauses for
 * `retryS` seconds: a server started by the same boot, or restarting, is given time to come up. Throws a
 * DatabaseUnreachableError whose message is one line naming the server and the cause (never the URL,
 * which may hold a password). An error that waiting cannot cure (wrong password, no such database, a
 * certificate refused) stops at once.
 */
export async function waitForPostgres(url: string, { retryS, connectTimeoutMs = 5_000, report, caFile, setting = 'DATABASE_URL' }: WaitOptions): Promise<void> {
  const deadline = Date.now() + retryS * 1000;
  const connection = pgConnection(url, caFile, setting);
  const server = serverName(connection.options.connectionString);
  for (let attempt = 1; ; attempt++) {
    const error = await tryOnce(connection, Math.max(500, Math.min(connectTimeoutMs, deadline - Date.now())));
    if (!error) return;
    const refusedTls = tlsRefusal(error, setting);
    if (refusedTls) throw new DatabaseUnreachableError(`Cannot connect to PostgreSQL at ${server}: ${refusedTls}`);
    const cause = describeCause(error);
    if (!isDatabaseUnavailable(error)) throw new DatabaseUnreachableError(`Cannot connect to PostgreSQL at ${server}: ${cause}: check ${setting}`);
    const left = deadline - Date.now();
    if (left <= 0) {
      const waited = retryS > 0 ? ` after ${retryS} s (DB_CONNECT_RETRY_S)` : ' (DB_CONNECT_RETRY_S=0: no retry)';
      throw new DatabaseUnreachableError(`Cannot reach PostgreSQL at ${server} (${cause})${waited}: check ${setting}`);
    }
    const pauseMs = Math.min(FIRST_BACKOFF_MS * 2 ** (attempt - 1), MAX_BACKOFF_MS, left);
    report(
      `PostgreSQL at ${server} is not reachable (${cause}); attempt ${attempt} failed, next in ${(pauseMs / 1000).toFixed(1)} s (giving up ${Math.ceil(left / 1000)} s from now, DB_CONNECT_RETRY_S)`,
    );
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/** One connection and `select 1`; resolves with the error, or undefined when PostgreSQL answered. */
async function tryOnce(connection: PgConnection, timeoutMs: number): Promise<unknown> {
  const client = new pg.Client({ ...connection.options, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    return err;
  } finally {
    client.end().catch(() => {});
  }
}

/** `host:port` as node-postgres reads them from the URL (a socket folder for a local socket). */
function serverName(url: string): string {
  const { host, port } = new pg.Client({ connectionString: url });
  return host.startsWith('/') ? `${host} (port ${port})` : `${host}:${port}`;
}

/** The reason in a few words: the socket error code, the server's message and SQLSTATE, or the driver's words. */
function describeCause(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; errors?: { code?: unknown }[] };
  const socketCode = typeof e.code === 'string' ? e.code : e.errors?.find((inner) => typeof inner.code === 'string')?.code;
  const message = typeof e.message === 'string' ? e.message : '';
  if (typeof socketCode === 'string' && /^E[A-Z_]+$/.test(socketCode)) return socketCode;
  if (typeof socketCode === 'string') return `${message} (${socketCode})`;
  if (/timeout exceeded when trying to connect|Query read timeout/i.test(message)) return 'no answer in time';
  if (/Connection terminated/i.test(message)) return 'connection closed before PostgreSQL answered';
  return message || 'unknown error';
}

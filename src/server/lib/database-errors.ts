import { isTlsRefusal } from '../db/connection-tls';
import { pgErrorCode } from '../errors';

/**
 * SQLSTATE classes and codes that mean "the database cannot serve us now", not "this request is wrong":
 * connection exceptions (class 08), the server shutting down, crashing or still starting (57P01–57P03),
 * a statement cancelled by statement_timeout (57014) and too many connections (53300).
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
/** Socket-level failures of the driver before any SQLSTATE exists. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
/** node-postgres reports its own time-outs and lost connections only in words. */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Query read timeout/i,
  /Client has encountered a connection error/i,
  /the database did not answer within/i,
];

/** Whether an error (or any error it wraps) says the database is unreachable, down or too slow. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code && (code.startsWith('08') || UNAVAILABLE_CODES.has(code))) return true;
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code: socketCode, message } = e as { code?: unknown; message?: unknown };
    if (typeof socketCode === 'string' && UNAVAILABLE_SOCKET_CODES.has(socketCode)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return true;
    // A certificate refused once the server is running (renewed by a CA we were not given, …).
    if (isTlsRefusal(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * SQLSTATEs of a transaction PostgreSQL rolled back because another one changed the same rows at the
 * same moment: a deadlock (40P01), a serialization failure (40001). Nothing was written, and the same
 * request again succeeds: the caller is told so (409), not given an internal error.
 */
const WRITE_CONFLICT_CODES = new Set(['40P01', '40001']);

export const WRITE_CONFLICT_MESSAGE = 'Someone else changed the same data at the same moment, so nothing was saved. Please try again.';

export function isWriteConflict(err: unknown): boolean {
  const code = pgErrorCode(err);
  return code !== undefined && WRITE_CONFLICT_CODES.has(code);
}

/** Seconds a client should wait before retrying a call refused with database_unavailable. */
export const DATABASE_RETRY_AFTER_S = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The server cannot reach its database. Please try again in a few seconds.';

/** The database could not be reached at start; its message is the one line to print (no stack, no password). */
export class DatabaseUnreachableError extends Error {}

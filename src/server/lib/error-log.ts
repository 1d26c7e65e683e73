import { DrizzleQueryError } from 'drizzle-orm';

/** What a log line may say about a database error: where it happened, never the values involved. */
export interface LoggedDatabaseError {
  [key: string]: unknown;
  type: 'DatabaseError';
  /** Made of the fields below, never of the driver's message. */
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  routine?: string;
  /** The call frames only: the stack's first line repeats the message, which holds the parameters. */
  stack: string;
}

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string | number;
  statusCode?: number;
  stack: string;
  cause?: LoggedError | LoggedDatabaseError;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

function stringField(value: object, key: string): string | undefined {
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field ? field : undefined;
}

/**
 * An error from the database or about a query: drizzle's wrapper (its message and `params` carry every
 * parameter of the failed query: password hashes, emails, prompt text), or the driver's error (its
 * `detail` repeats the offending values, as in "Key (email)=(...) already exists").
 */
function isDatabaseError(err: object): boolean {
  if (err instanceof DrizzleQueryError) return true;
  const code = stringField(err, 'code');
  return code !== undefined && SQLSTATE.test(code) && ('severity' in err || 'routine' in err || 'constraint' in err || 'table' in err);
}

/** The first database error in `err`'s cause chain, if any. */
function databaseErrorIn(err: unknown): object | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e && typeof e === 'object'; depth++) {
    if (isDatabaseError(e)) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function frames(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** The SQLSTATE, constraint, table and routine found along the chain of a database error. */
function reduceDatabaseError(err: object, outer: unknown): LoggedDatabaseError {
  const reduced: LoggedDatabaseError = { type: 'DatabaseError', message: '', stack: '' };
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e && typeof e === 'object'; depth++) {
    const code = stringField(e, 'code');
    if (code && SQLSTATE.test(code)) reduced.code ??= code;
    reduced.constraint ??= stringField(e, 'constraint');
    reduced.table ??= stringField(e, 'table');
    reduced.routine ??= stringField(e, 'routine');
    e = (e as { cause?: unknown }).cause;
  }
  for (const key of ['code', 'constraint', 'table', 'routine'] as const) if (reduced[key] === undefined) Reflect.deleteProperty(reduced, key);
  reduced.stack = frames((outer as { stack?: unknown }).stack);
  reduced.message = ['database error', reduced.code, reduced.constraint && `on constraint ${reduced.constraint}`, reduced.table && `in table ${reduced.table}`]
    .filter(Boolean)
    .join(' ');
  return reduced;
}

/**
 * The logger's `err` serializer. Any error caused by a database error is logged as that error's code,
 * constraint, table and routine alone: its message, parameters and detail would put users' data
 * (argon2 hashes, emails) into the log. Other errors keep their type, message, code and stack.
 */
export function serializeError(err: unknown, depth = 0): LoggedError | LoggedDatabaseError {
  if (!err || typeof err !== 'object') return { type: typeof err, message: String(err), stack: '' };
  const database = databaseErrorIn(err);
  if (database) return reduceDatabaseError(database, err);
  const e = err as { name?: unknown; message?: unknown; code?: unknown; statusCode?: unknown; stack?: unknown; cause?: unknown };
  const logged: LoggedError = {
    type: typeof e.name === 'string' ? e.name : (err.constructor?.name ?? 'Error'),
    message: typeof e.message === 'string' ? e.message : String(err),
    stack: typeof e.stack === 'string' ? e.stack : '',
  };
  if (typeof e.code === 'string' || typeof e.code === 'number') logged.code = e.code;
  if (typeof e.statusCode === 'number') logged.statusCode = e.statusCode;
  // Bounded: a cause chain can loop.
  if (e.cause && typeof e.cause === 'object' && depth < 8) logged.cause = serializeError(e.cause, depth + 1);
  return logged;
}

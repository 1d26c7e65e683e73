import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { readErrorBody } from '../../shared/error-body';
import type { ErrorCode } from '../../shared/error-codes';
import { clearAuthToken, getAuthToken } from './auth-token';
import {
  DATABASE_UNAVAILABLE,
  DATABASE_UNAVAILABLE_TEXT,
  reportDatabaseAnswered,
  reportDatabaseUnavailable,
  reportServerUnreachable,
  SERVER_UNREACHABLE_TEXT,
} from './database-status';

/**
 * A non-OK response. `message` is "status: body text"; `serverMessage` is the body's `message`,
 * `code` its stable error code (what the client branches on, never the message text).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly serverMessage: string | undefined,
    readonly fieldErrors: Record<string, string> | undefined,
    readonly code?: ErrorCode,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }
}

const ACTION_UNREACHABLE_TEXT = "Can't reach the server. Check your connection and try again.";

/**
 * No answer came (offline, connection refused or reset, an empty answer, or a proxy with nothing
 * behind it). Its message is what the app shows instead of the browser's "Failed to fetch".
 */
export class ServerUnreachableError extends Error {
  constructor(method: string) {
    super(method === 'GET' ? SERVER_UNREACHABLE_TEXT : ACTION_UNREACHABLE_TEXT);
  }
}

export const isServerUnreachable = (err: unknown): err is ServerUnreachableError => err instanceof ServerUnreachableError;

/** fetch and reading a body reject with a TypeError when the connection fails; an abort stays an abort. */
function unreachable(method: string, err: unknown): unknown {
  if (!(err instanceof TypeError || err instanceof ServerUnreachableError)) return err;
  // Reads are retried, which the strip along the bottom says; a failed change is told by its form.
  if (method === 'GET') reportServerUnreachable();
  return new ServerUnreachableError(method);
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};
/** The app shell installs the reaction to a 401 (toast, then /auth after 500 ms). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** The server refuses everything but a few calls until an admin-set temporary password is changed. */
export const PASSWORD_CHANGE_REQUIRED: ErrorCode = 'password_change_required';
let onPasswordChangeRequired: () => void = () => {};
/** The forced change dialog installs its reaction: refetch the current user, whose flag opens it. */
export function setPasswordChangeRequiredHandler(handler: () => void): () => void {
  onPasswordChangeRequired = handler;
  return () => {
    if (onPasswordChangeRequired === handler) onPasswordChangeRequired = () => {};
  };
}

/** Reads the server's error body by the shared contract; anything else is plain text with no code. */
export async function toApiError(res: Response): Promise<ApiError> {
  const text = (await res.text()) || res.statusText;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const body = readErrorBody(json);
  if (body) return new ApiError(res.status, text, body.message, body.errors, body.code);
  return new ApiError(res.status, text, undefined, undefined, undefined);
}

/** True when the call failed with this stable error code (what the client branches on, never the text). */
export function hasErrorCode(err: unknown, code: ErrorCode): err is ApiError {
  return err instanceof ApiError && err.code === code;
}

/** True when the call was refused with an error on this field (every field error is `validation_failed`). */
export function hasFieldError(err: unknown, field: string): err is ApiError {
  return hasErrorCode(err, 'validation_failed') && err.fieldErrors?.[field] !== undefined;
}

export interface RequestOptions {
  /** Answer null instead of throwing on 401 (the current-user lookup). */
  on401?: 'throw' | 'returnNull';
  /** Sent as `Idempotency-Key`, so that sending a create again after a lost answer cannot make a second one. */
  idempotencyKey?: string;
}

/**
 * Calls the API with: bearer token when stored, credentials included, a JSON content type
 * only when a body is present. A 401 on a request that carried a token means the session ended.
 */
export async function apiRequest<T>(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const token = getAuthToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  try {
    return await send<T>(url, { method, headers, credentials: 'include', body: body === undefined ? undefined : JSON.stringify(body) }, token, options);
  } catch (err) {
    throw unreachable(method, err);
  }
}

async function send<T>(url: string, init: RequestInit & { method: string }, token: string | null, options: RequestOptions): Promise<T> {
  const res = await fetch(url, init);
  // Any answer clears "can't reach the server", the 401s that return early included.
  if (res.status === 401) reportDatabaseAnswered();
  if (res.status === 401 && token) {
    if (options.on401 === 'returnNull') {
      clearAuthToken();
      return null as T;
    }
    onUnauthorized();
  }
  if (res.status === 401 && options.on401 === 'returnNull') return null as T;
  if (!res.ok) {
    const err = await toApiError(res);
    // A gateway's own 502/503/504 (no error code of ours): the app behind it did not answer.
    if (!err.code && res.status >= 502 && res.status <= 504) throw new ServerUnreachableError(init.method);
    if (err.status === 403 && err.code === PASSWORD_CHANGE_REQUIRED) onPasswordChangeRequired();
    if (isDatabaseUnavailable(err)) reportDatabaseUnavailable();
    else reportDatabaseAnswered();
    throw err;
  }
  reportDatabaseAnswered();
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The first key element is the URL; an object second element adds its non-empty string entries as
 * query parameters; otherwise the elements are joined with a slash.
 */
export function pathFromQueryKey(key: QueryKey): string {
  const [first, second] = key;
  if (second !== null && typeof second === 'object' && !Array.isArray(second)) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(second as Record<string, unknown>)) {
      if (typeof v === 'string' && v !== '') params.set(k, v);
    }
    const qs = params.toString();
    return qs ? `${String(first)}?${qs}` : String(first);
  }
  return key.map(String).join('/');
}

export function getQueryFn<T>(options: RequestOptions = {}): QueryFunction<T> {
  return ({ queryKey }) => apiRequest<T>('GET', pathFromQueryKey(queryKey), undefined, options);
}

/** The server could not reach its database (503): worth retrying, not the request's fault. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return err instanceof ApiError && err.status === 503 && err.code === DATABASE_UNAVAILABLE;
}

/** The message to show for a failed call: the server's own words, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (isDatabaseUnavailable(err)) return DATABASE_UNAVAILABLE_TEXT;
  if (isServerUnreachable(err)) return err.message;
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return fallback;
}

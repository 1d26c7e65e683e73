import type { ErrorCode } from '../shared/error-codes';

/** Error with an HTTP status and a stable code; the error handler turns it into the project's error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A 400 without field errors: a request that is wrong as a whole. */
export const badRequest = (message: string, code: ErrorCode = 'bad_request') => new AppError(400, code, message);
/**
 * A 400 naming the fields at fault: always `validation_failed`, whether a schema or a rule of the
 * service refused them, so that clients read every field error the same way.
 */
export const invalidFields = (message: string, errors: Record<string, string>) => new AppError(400, 'validation_failed', message, errors);
export const unauthorized = (message = 'Authentication required', code: ErrorCode = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this', code: ErrorCode = 'forbidden') => new AppError(403, code, message);
export const notFound = (message = 'Not found', code: ErrorCode = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(409, code, message);

/** PostgreSQL error code of a driver error (drizzle wraps it in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

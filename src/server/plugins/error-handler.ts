import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/error-body';
import type { ErrorCode } from '../../shared/error-codes';
import { AppError, PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../errors';
import { sessionExists } from '../modules/auth/sessions.repo';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, isWriteConflict, WRITE_CONFLICT_MESSAGE } from '../lib/database-errors';
import { isStorageFull, STORAGE_FULL_MESSAGE, STORAGE_RETRY_AFTER_S } from '../lib/storage-errors';
import { drainRequestBody } from './input-guards';

/** Field path of a validation issue, e.g. "email" or "fields.0.label". */
function fieldName(instancePath: string, fallback: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || fallback;
}

const INTERNAL_ERROR: ErrorBody = { message: 'Something went wrong on our side. Please try again.', code: 'internal_error' };

/** The code of a 4xx that has none of ours (the framework's or a plugin's own): by its status alone. */
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'body_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * The answer to an error the framework or a plugin raised: a 4xx keeps its status and words but gets a
 * code of ours, never its own (`FST_ERR_…` names the framework's internals, and clients could come to
 * depend on them); anything else is a 500.
 */
export function frameworkErrorAnswer(err: { statusCode?: unknown; message: string }): { status: number; body: ErrorBody } {
  const status = err.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return { status: 500, body: INTERNAL_ERROR };
  return { status, body: { message: err.message, code: CODE_BY_STATUS[status] ?? 'bad_request' } };
}

/**
 * The errors the framework answers before any route or hook runs (a URL that does not decode, a path
 * parameter that is too long): given to Fastify as its `frameworkErrors` option, so that they are
 * answered with the project's error body too.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = frameworkErrorAnswer(err);
  if (status >= 500) request.log.error({ err }, 'unhandled error');
  void reply.status(status).send(body);
}

/**
 * One error handler for the whole API: every 4xx/5xx body is `{ message, code, errors? }`.
 * Validation failures become 400 with the schema's message per field; unknown errors are logged and
 * answered with a generic 500 that never carries a stack trace.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>(async (err, request, reply) => {
    let status = 500;
    let body: ErrorBody = INTERNAL_ERROR;

    if (err instanceof AppError) {
      status = err.statusCode;
      body = { message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = fieldName(issue.instancePath, err.validationContext ?? 'body');
        errors[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0] ?? 'Invalid data';
      status = 400;
      body = { message: first, code: 'validation_failed', errors };
    } else if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
    } else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      status = 400;
      body = { message: 'The request body is not valid JSON', code: 'invalid_json' };
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Fastify closes the connection after this answer; read the rest of the body first, or the
      // sender, still writing, gets a reset connection instead of the 413.
      await drainRequestBody(request.raw);
      status = 413;
      body = { message: 'The request body is too large (1 MiB at most)', code: 'body_too_large' };
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      status = 415;
      body = { message: 'Send the request body as application/json', code: 'unsupported_media_type' };
    } else if (isStorageFull(err)) {
      // Nothing was written: the statement failed before its transaction could commit.
      status = 503;
      body = { message: STORAGE_FULL_MESSAGE, code: 'storage_full' };
      reply.header('Retry-After', String(STORAGE_RETRY_AFTER_S));
      request.log.error({ code: pgErrorCode(err) ?? 'ENOSPC' }, 'the database disk is full');
    } else if (isDatabaseUnavailable(err)) {
      status = 503;
      body = { message: DATABASE_UNAVAILABLE_MESSAGE, code: 'database_unavailable' };
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      request.log.warn({ code: pgErrorCode(err) ?? (err as { code?: string }).code }, 'database unavailable');
    } else if (isWriteConflict(err)) {
      status = 409;
      body = { message: WRITE_CONFLICT_MESSAGE, code: 'write_conflict' };
      request.log.warn({ code: pgErrorCode(err) }, 'a transaction was rolled back by a concurrent one');
    } else if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) {
      // A row this write points to was removed meanwhile, most often the member themselves (deleted by
      // an administrator, perhaps on another instance, while this request was on its way).
      const signedOut = request.sessionId !== null && !(await sessionExists(app.db, request.sessionId).catch(() => true));
      status = signedOut ? 401 : 409;
      body = signedOut
        ? { message: 'Authentication required', code: 'unauthorized' }
        : { message: 'Something this change refers to was removed meanwhile. Reload and try again.', code: 'reference_gone' };
    } else {
      ({ status, body } = frameworkErrorAnswer(err));
    }

    // Ours on purpose (a gateway that failed): told in its own words, not an unhandled error.
    if (status >= 500 && err instanceof AppError) request.log.warn({ code: err.code }, err.message);
    else if (status >= 500) request.log.error({ err }, 'unhandled error');
    return reply.status(status).send(body);
  });
}

import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../lib/database-errors';
import { findUnsafeText } from '../../plugins/input-guards';

/** What an unexpected failure says to the client: never the error's own words (a query, its parameters). */
export const MCP_INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

/**
 * A request's params pass the same guard as every /api request: text holding U+0000 or half a
 * surrogate pair is refused as "invalid params", naming where it sits (e.g. `arguments.query`),
 * before any of it reaches the database.
 */
export function guardParams(params: unknown): void {
  const found = findUnsafeText(params ?? {}, 'params');
  if (found) throw new McpError(ErrorCode.InvalidParams, `${found.path}: ${found.message}`);
}

/**
 * Any failure as the protocol's error. Ours carry words meant for the caller (a 4xx is their mistake:
 * "invalid params"); anything else is logged here, through the app's logger whose serializer keeps
 * queries and their parameters out of the log, and answered with a generic message.
 */
export function asProtocolError(err: unknown, log: FastifyBaseLogger): McpError {
  if (err instanceof McpError) return err;
  if (err instanceof AppError) return new McpError(err.statusCode < 500 ? ErrorCode.InvalidParams : ErrorCode.InternalError, err.message);
  if (isDatabaseUnavailable(err)) {
    log.warn({ err }, 'MCP request: database unavailable');
    return new McpError(ErrorCode.InternalError, DATABASE_UNAVAILABLE_MESSAGE);
  }
  log.error({ err }, 'MCP request failed');
  return new McpError(ErrorCode.InternalError, MCP_INTERNAL_ERROR);
}

/** A request handler whose params are guarded and whose failures become protocol errors. */
export function guarded<R extends { params?: unknown }, T>(log: FastifyBaseLogger, handler: (request: R) => T | Promise<T>) {
  return async (request: R): Promise<T> => {
    guardParams(request.params);
    try {
      return await handler(request);
    } catch (err) {
      throw asProtocolError(err, log);
    }
  };
}

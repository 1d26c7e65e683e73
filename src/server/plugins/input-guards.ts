import type { FastifyInstance } from 'fastify';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { NUL_TEXT_MESSAGE } from '../../shared/schemas/common';
import { badRequest } from '../errors';

/** How much of an oversized body is read and thrown away so that its sender can read the 413. */
export const OVERSIZED_BODY_DRAIN_LIMIT = 16 * 1024 * 1024;
/** A sender slower than this gets its 413 anyway (and the connection closes under it). */
const DRAIN_TIMEOUT_MS = 10_000;

/** Parsed JSON and query values; a stream body (the import's file) is not walked: it is not data yet. */
const isPlainData = (value: object) => !(value instanceof EventEmitter) && !Buffer.isBuffer(value);

/**
 * Where the first string (or key) holding U+0000 sits in a parsed value, as a field path, or null.
 * Iterative: a body nested thousands of levels deep must not overflow the stack. Only parsed values
 * are entered: a stream's object graph (socket, server, …) is cyclic and huge.
 */
export function findNulPath(root: unknown, rootName: string): string | null {
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return path || rootName;
    } else if (value !== null && typeof value === 'object' && isPlainData(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\0')) return path || rootName;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Reads and discards the rest of a request body, up to `limit` bytes, and resolves when the body has
 * ended, the limit is passed, the sender stalls, or the connection goes. Answering before the sender
 * has finished, then closing, makes the TCP stack reset the connection: the client sees a reset
 * instead of the 413.
 */
export function drainRequestBody(raw: IncomingMessage, limit = OVERSIZED_BODY_DRAIN_LIMIT): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.removeListener('data', onData);
      raw.removeListener('end', finish);
      raw.removeListener('close', finish);
      raw.removeListener('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > limit) finish();
    };
    const timer = setTimeout(finish, DRAIN_TIMEOUT_MS);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('close', finish);
    raw.once('error', finish);
    raw.resume();
  });
}

/**
 * Refuses NUL characters in the params, query and body of every API route before any handler runs:
 * PostgreSQL cannot store U+0000 in text and would fail the query with a 500.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const [name, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNulPath(value, name);
      if (path !== null) throw badRequest(NUL_TEXT_MESSAGE, { [path]: NUL_TEXT_MESSAGE }, 'nul_character');
    }
  });
}

import type { FastifyInstance } from 'fastify';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { NUL_TEXT_MESSAGE, UNPAIRED_SURROGATE_MESSAGE } from '../../shared/schemas/common';
import { AppError, invalidFields } from '../errors';

/** How much of an oversized body is read and thrown away so that its sender can read the 413. */
export const OVERSIZED_BODY_DRAIN_LIMIT = 16 * 1024 * 1024;
/** A sender slower than this gets its 413 anyway (and the connection closes under it). */
const DRAIN_TIMEOUT_MS = 10_000;

/** Parsed JSON and query values; a stream body (the import's file) is not walked: it is not data yet. */
const isPlainData = (value: object) => !(value instanceof EventEmitter) && !Buffer.isBuffer(value);

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text the database cannot take as it is: which problem, and the words of the 400 that refuses it. */
export interface UnsafeText {
  /** Field path of the value (or of the object whose key holds the character). */
  path: string;
  code: 'nul_character' | 'unpaired_surrogate';
  message: string;
}

/** Why one string cannot be stored, or null when it can. */
export function unsafeTextProblem(text: string): Omit<UnsafeText, 'path'> | null {
  // PostgreSQL refuses U+0000 in text.
  if (text.includes('\0')) return { code: 'nul_character', message: NUL_TEXT_MESSAGE };
  // Half of a UTF-16 pair is no character at all: it has no UTF-8 form, and drivers, encoders
  // (encodeURIComponent) and exports fail on it or silently replace it.
  if (UNPAIRED_SURROGATE.test(text)) return { code: 'unpaired_surrogate', message: UNPAIRED_SURROGATE_MESSAGE };
  return null;
}

/**
 * The first string (or key) in a parsed value holding U+0000 or an unpaired UTF-16 surrogate, with its
 * field path, or null. Iterative: a body nested thousands of levels deep must not overflow the stack.
 * Only parsed values are entered: a stream's object graph (socket, server, …) is cyclic and huge.
 */
export function findUnsafeText(root: unknown, rootName: string): UnsafeText | null {
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = unsafeTextProblem(value);
      if (problem) return { path: path || rootName, ...problem };
    } else if (value !== null && typeof value === 'object' && isPlainData(value)) {
      for (const [key, child] of Object.entries(value)) {
        const problem = unsafeTextProblem(key);
        if (problem) return { path: path || rootName, ...problem };
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/** The 400 for unsafe text, naming the field (a field error like any other: `validation_failed`). */
export function unsafeTextError(found: UnsafeText): AppError {
  return invalidFields(found.message, { [found.path]: found.message });
}

/** Where the first string (or key) holding U+0000 sits in a parsed value, as a field path, or null. */
export function findNulPath(root: unknown, rootName: string): string | null {
  const found = findUnsafeText(root, rootName);
  return found?.code === 'nul_character' ? found.path : null;
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
 * Refuses NUL characters and unpaired surrogates in the params, query and body of every API route
 * before any handler runs: PostgreSQL cannot store U+0000 in text and would fail the query with a
 * 500, and half a surrogate pair breaks encoders further on. A streamed body (the import's file) is
 * checked row by row once parsed, with the same findUnsafeText (import.plan.ts).
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const [name, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnsafeText(value, name);
      if (found) throw unsafeTextError(found);
    }
  });
}

import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/error-codes';
import { createTestApp, type TestApp } from '../test/test-app';
import { openRawConnection, statusLine } from '../test/raw-http';
import { frameworkErrorAnswer } from './error-handler';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

/** Requests the framework itself refuses, before or around any route of ours. */
const FRAMEWORK_REFUSALS: Array<[string, InjectOptions, number]> = [
  ['malformed JSON', { method: 'POST', url: '/api/login', headers: json, payload: '{"email": ' }, 400],
  ['an empty JSON body', { method: 'POST', url: '/api/login', headers: json, payload: '' }, 400],
  ['JSON setting a prototype', { method: 'POST', url: '/api/login', headers: json, payload: '{"__proto__": {"x": 1}}' }, 400],
  ['a body of another content type', { method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }, 415],
  ['a body over 1 MiB', { method: 'POST', url: '/api/login', headers: json, payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) }) }, 413],
  ['an unknown route', { method: 'GET', url: '/api/no-such-route' }, 404],
  ['a method the route does not take', { method: 'PATCH', url: '/api/login' }, 404],
  ['a path that does not decode', { method: 'GET', url: '/api/prompts/%E0%A4%A' }, 400],
  ['a path parameter over its length limit', { method: 'GET', url: `/api/prompts/${'a'.repeat(300)}` }, 414],
];

describe('errors the framework raises', () => {
  it.each(FRAMEWORK_REFUSALS)('answers %s with a code of ERROR_CODES', async (_name, request, status) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    const answer = res.json<{ message: unknown; code: string }>();
    expect(answer.message).toEqual(expect.any(String));
    expect(ERROR_CODES).toContain(answer.code);
    expect(answer.code).not.toMatch(/^fst_/i);
  });

  it('gives a 4xx of its own a code by its status, never the framework’s code', () => {
    const raised = (statusCode: number, code: string) => Object.assign(new Error('Refused by the framework'), { statusCode, code });
    expect(frameworkErrorAnswer(raised(400, 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'))).toEqual({
      status: 400,
      body: { message: 'Refused by the framework', code: 'bad_request' },
    });
    expect(frameworkErrorAnswer(raised(404, 'FST_ERR_NOT_FOUND')).body.code).toBe('not_found');
    expect(frameworkErrorAnswer(raised(405, 'FST_ERR_METHOD')).body.code).toBe('method_not_allowed');
    expect(frameworkErrorAnswer(raised(414, 'FST_ERR_MAX_PARAM_LENGTH')).body.code).toBe('bad_request');
    // A failure on the server's side tells nothing of itself.
    expect(frameworkErrorAnswer(raised(503, 'FST_ERR_SOMETHING'))).toEqual({
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again.', code: 'internal_error' },
    });
  });

  it('never answers a framework code for headers too large to read', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const connection = openRawConnection(port);
    await connection.connected;
    connection.socket.write(`GET /api/prompts HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'x'.repeat(64 * 1024)}\r\n\r\n`);
    const answer = await connection.answer;
    expect(statusLine(answer)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    const code = (JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4)) as { code?: string }).code;
    if (code !== undefined) expect(ERROR_CODES).toContain(code);
  });
});

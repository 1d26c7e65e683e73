import { execFile } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_TEXT_MESSAGE, UNPAIRED_SURROGATE_MESSAGE } from '../../shared/schemas/common';
import { body, createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { findNulPath, findUnsafeText } from './input-guards';

let t: TestApp;
let admin: TestUser;
let port: number;
const run = promisify(execFile);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

describe('NUL characters', () => {
  it('are refused with a 400 naming the field, in a body, a query and a path parameter', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/prompts', headers: admin.auth, payload: { title: 'a\u0000b', content: 'x' } });
    expect(created.statusCode).toBe(400);
    expect(body(created)).toEqual({ message: NUL_TEXT_MESSAGE, code: 'validation_failed', errors: { title: NUL_TEXT_MESSAGE } });

    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: admin.auth,
      payload: { title: 't', content: 'x', customFields: { extra: ['ok', 'n\u0000'] } },
    });
    expect(nested.statusCode).toBe(400);
    expect(body(nested).errors).toEqual({ 'customFields.extra.1': NUL_TEXT_MESSAGE });

    for (const url of ['/api/prompts?search=a%00b', '/api/prompts?tags=x%00', '/api/prompts?cursor=%00', '/api/prompts/abc%00def']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.auth });
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message, url).toBe(NUL_TEXT_MESSAGE);
    }

    const signIn = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a\u0000@example.com', password: 'x\u0000' } });
    expect(signIn.statusCode).toBe(400);
    expect(body(signIn).message).toBe(NUL_TEXT_MESSAGE);
  });

  it('are found in keys and at any depth without recursion', () => {
    expect(findNulPath({ a: { 'b\u0000': 1 } }, 'body')).toBe('a');
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNulPath(deep, 'body')).toMatch(/^0(\.0)+$/);
    expect(findNulPath({ a: ['fine', 1, null, true] }, 'body')).toBeNull();
  });

  it('leaves a streamed body (the import’s file) alone: its object graph is cyclic and huge', () => {
    const stream = new PassThrough();
    (stream as unknown as { self: unknown }).self = stream;
    expect(findNulPath(stream, 'body')).toBeNull();
  });
});

describe('unpaired UTF-16 surrogates', () => {
  /** JSON text with the escape itself: JSON.stringify of a lone surrogate writes the same escape. */
  const send = (method: 'POST' | 'PUT', url: string, json: string) =>
    t.app.inject({ method, url, headers: { ...admin.auth, 'content-type': 'application/json' }, payload: json });
  const refusal = (field: string) => ({ message: UNPAIRED_SURROGATE_MESSAGE, code: 'validation_failed', errors: { [field]: UNPAIRED_SURROGATE_MESSAGE } });

  it('are refused with a 400 naming the field wherever NUL is: token names, audit export filters, prompts, sign-in', async () => {
    const cases: Array<[string, Promise<Awaited<ReturnType<typeof send>>>, string]> = [
      ['token name', send('POST', '/api/tokens', '{"name":"bad \\ud800 name","scopes":["prompts:read"],"expiresInDays":30}'), 'name'],
      ['audit export filter', send('POST', '/api/admin/audit/export/tickets', '{"actor":"a\\udc00"}'), 'actor'],
      ['prompt title', send('POST', '/api/prompts', '{"title":"\\ud83d","content":"x","aiModels":["Claude"],"tags":["t"]}'), 'title'],
      ['a nested value', send('POST', '/api/prompts', '{"title":"t","content":"x","customFields":{"extra":["ok","\\udfff\\ud800"]}}'), 'customFields.extra.1'],
      ['a key', send('POST', '/api/prompts', '{"title":"t","content":"x","customFields":{"k\\ud800":"v"}}'), 'customFields'],
      ['sign-in', send('POST', '/api/login', '{"email":"a@example.com","password":"\\ud800\\ud800"}'), 'password'],
    ];
    for (const [what, pending, field] of cases) {
      const res = await pending;
      expect(res.statusCode, what).toBe(400);
      expect(body(res), what).toEqual(refusal(field));
    }
  });

  it('are found alone, reversed or doubled, while whole pairs (emoji) pass', () => {
    for (const bad of ['\ud800', '\udfff', 'a\udc00b', '\udc00\ud800', '\ud800\ud800', 'end\ud83d']) {
      expect(findUnsafeText({ v: bad }, 'body'), JSON.stringify(bad)).toEqual({ path: 'v', code: 'unpaired_surrogate', message: UNPAIRED_SURROGATE_MESSAGE });
    }
    expect(findUnsafeText({ v: ['😀 é 日本語', '\ud83d\ude00', { '😀': 'ok' }] }, 'body')).toBeNull();
    // NUL keeps its own words when both are present.
    expect(findUnsafeText('\ud800\u0000', 'query')).toMatchObject({ path: 'query', code: 'nul_character' });
  });

  it('let a prompt with emoji through untouched', async () => {
    const res = await send('POST', '/api/prompts', JSON.stringify({ title: 'Emoji 😀', content: 'Text 🚀', aiModels: ['Claude'], tags: ['t'] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(body(res)).toMatchObject({ title: 'Emoji 😀', content: 'Text 🚀' });
  });

  it('are refused row by row in an imported JSON file, as NUL is', async () => {
    const file = JSON.stringify([
      { title: 'Fine import', content: 'x', aiModels: ['Claude'], tags: ['t'] },
      { title: 'Broken \ud800 title', content: 'x', aiModels: ['Claude'], tags: ['t'] },
      { title: 'Broken owner', content: 'x', aiModels: ['Claude'], tags: ['t'], ownerEmail: '\udc00@example.com' },
      { title: 'Broken field', content: 'x', aiModels: ['Claude'], tags: ['t'], customFields: { k: ['\ud800'] } },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import?dryRun=true',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: file,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({
      total: 4,
      create: 1,
      invalid: 3,
      errors: [
        { row: 2, field: 'title', message: UNPAIRED_SURROGATE_MESSAGE },
        { row: 3, field: 'ownerEmail', message: UNPAIRED_SURROGATE_MESSAGE },
        { row: 4, field: 'customFields', message: UNPAIRED_SURROGATE_MESSAGE },
      ],
    });
  });
});

/**
 * The uploading client runs in its own process, as a real one would: in this process the server and
 * the client would take turns on one event loop and the race that resets the connection never shows.
 * It sends 3 MB in 64 KiB writes, with and without a Content-Length, 20 times, and reports each answer
 * and whether the upload itself failed (a reset or broken pipe).
 */
const UPLOADER = `
import { request } from 'node:http';
const [port, token] = process.argv.slice(-2);
const size = 3 * 1024 * 1024;
const results = [];
for (let i = 0; i < 20; i++) {
  results.push(await new Promise((resolve) => {
    const outcome = {};
    let pending = 2;
    const settle = () => --pending === 0 && resolve(outcome);
    const fail = (err) => {
      if (!outcome.error) outcome.error = err.code;
      pending = 1;
      settle();
    };
    const headers = { 'content-type': 'application/json', authorization: 'Bearer ' + token };
    if (i % 2 === 0) headers['content-length'] = String(size);
    const req = request({ host: '127.0.0.1', port: Number(port), method: 'POST', path: '/api/prompts', headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        Object.assign(outcome, { status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') });
        settle();
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.on('finish', settle);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        const more = req.write(chunk);
        // A pause after each MiB, as a slow network would, so that the upload is still under way
        // when the server answers.
        if (sent % (1024 * 1024) === 0) return void setTimeout(write, 10);
        if (!more) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  }));
}
console.log(JSON.stringify(results));
`;

describe('bodies over 1 MiB', () => {
  it('get their 413 JSON answer every time over real HTTP, never a reset connection', async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', UPLOADER, String(port), admin.token]);
    const results = JSON.parse(stdout) as Array<{ status?: number; body?: string; error?: string }>;
    expect(results).toHaveLength(20);
    for (const [i, res] of results.entries()) {
      expect(res, `try ${i}`).toMatchObject({ status: 413 });
      expect(res.error, `try ${i}`).toBeUndefined();
      expect(JSON.parse(res.body!), `try ${i}`).toMatchObject({ code: 'body_too_large' });
    }
  }, 30_000);
});

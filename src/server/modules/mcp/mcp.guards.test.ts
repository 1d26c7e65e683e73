import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_TEXT_MESSAGE, UNPAIRED_SURROGATE_MESSAGE } from '../../../shared/schemas/common';
import { PERMISSIONS_POLICY } from '../../plugins/security-headers';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { insertToken } from '../tokens/tokens.repo';
import { MCP_INTERNAL_ERROR } from './mcp.errors';

// What the MCP endpoint refuses and how it fails: the API's input guard on every argument, no database
// text in any answer, the API's headers, and a batch counted call by call against the token's limit.

const RATE_LIMIT = 6;
let t: TestApp;
let base: string;
let editor: TestUser;
let promptId: string;
const logLines: string[] = [];
const openClients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp({ apiTokenRateLimit: 10_000, logLevel: 'error' }, { logStream: { write: (line) => void logLines.push(line) } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.register();
  editor = await t.userWithRole('edit');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/prompts',
    headers: editor.auth,
    payload: { title: 'Guarded prompt', content: 'Write about {{topic}}', aiModels: ['Claude'], tags: ['Guard'] },
  });
  promptId = body<{ id: string }>(created).id;
});
afterAll(async () => {
  await Promise.all(openClients.map((c) => c.close().catch(() => undefined)));
  await t.close();
});

const tokenFor = async (app: TestApp, u: TestUser) =>
  (await insertToken(app.db, { userId: u.user.id, name: 'MCP client', scopes: ['prompts:read'], expiresInDays: 30 })).token;

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'guard-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  openClients.push(client);
  return client;
}

/** The protocol error a call failed with. */
async function protocolError(call: () => Promise<unknown>): Promise<McpError> {
  const err = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  return err as McpError;
}

/** Raw JSON-RPC over HTTP, as a client without the SDK would send it. */
const post = (url: string, token: string, payload: unknown) =>
  fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(payload),
  });
const call = (id: number, method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method, params });

describe('arguments pass the API’s input guard', () => {
  it('refuses NUL and unpaired surrogates in tool and prompt arguments as invalid params, naming the argument', async () => {
    const client = await connect(base, await tokenFor(t, editor));
    const cases: Array<[string, () => Promise<unknown>, string]> = [
      ['search query', () => client.callTool({ name: 'search_prompts', arguments: { query: 'a\u0000b' } }), `arguments.query: ${NUL_TEXT_MESSAGE}`],
      ['search tag', () => client.callTool({ name: 'search_prompts', arguments: { tag: 'x\ud800' } }), `arguments.tag: ${UNPAIRED_SURROGATE_MESSAGE}`],
      [
        'get_prompt value',
        () => client.callTool({ name: 'get_prompt', arguments: { id: promptId, values: { topic: '\u0000' } } }),
        `arguments.values.topic: ${NUL_TEXT_MESSAGE}`,
      ],
      [
        'prompt argument',
        () => client.getPrompt({ name: `guarded-prompt-${promptId}`, arguments: { topic: 'end\udc00' } }),
        `arguments.topic: ${UNPAIRED_SURROGATE_MESSAGE}`,
      ],
      ['prompt name', () => client.getPrompt({ name: `guarded\u0000-${promptId}` }), `name: ${NUL_TEXT_MESSAGE}`],
      ['list cursor', () => client.listPrompts({ cursor: '\ud800' }), `cursor: ${UNPAIRED_SURROGATE_MESSAGE}`],
    ];
    for (const [what, pending, message] of cases) {
      const err = await protocolError(pending);
      expect(err.code, what).toBe(ErrorCode.InvalidParams);
      // The SDK's client puts "MCP error <code>:" before the server's message (once more).
      expect(err.message.endsWith(`: ${message}`), `${what}: ${err.message}`).toBe(true);
    }
    // The same calls with clean text still work.
    const found = await client.callTool({ name: 'search_prompts', arguments: { query: 'guarded', tag: 'Guard' } });
    expect((found.structuredContent as { total: number }).total).toBe(1);
  });

  it('never answers with the query or its parameters: the raw answer to a NUL search is a short, plain error', async () => {
    const token = await tokenFor(t, editor);
    const res = await post(base, token, call(1, 'tools/call', { name: 'search_prompts', arguments: { query: 'a\u0000b' } }));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: ErrorCode.InvalidParams, message: `MCP error ${ErrorCode.InvalidParams}: arguments.query: ${NUL_TEXT_MESSAGE}` },
    });
    expect(text).not.toMatch(/select|params|prompts"/i);
    expect(text).not.toContain(editor.user.id);
  });
});

describe('an unexpected failure', () => {
  it('answers a generic internal error and logs it without the query’s parameters', async () => {
    const client = await connect(base, await tokenFor(t, editor));
    // A real database failure inside the MCP handlers only: the table of per-person uses is gone.
    await t.db.execute(sql`alter table prompt_user_uses rename to prompt_user_uses_away`);
    try {
      logLines.length = 0;
      for (const pending of [
        () => client.callTool({ name: 'get_prompt', arguments: { id: promptId, values: { topic: 'x' } } }),
        () => client.getPrompt({ name: `guarded-prompt-${promptId}`, arguments: { topic: 'x' } }),
      ]) {
        const err = await protocolError(pending);
        expect(err.code).toBe(ErrorCode.InternalError);
        expect(err.message).toMatch(new RegExp(`^(MCP error ${ErrorCode.InternalError}: )+${MCP_INTERNAL_ERROR.replace('.', '\\.')}$`));
      }
    } finally {
      await t.db.execute(sql`alter table prompt_user_uses_away rename to prompt_user_uses`);
    }
    const logged = logLines.filter((l) => l.includes('MCP request failed'));
    expect(logged).toHaveLength(2);
    expect(logged.join('\n')).toMatch(/42P01/);
    for (const line of logged) expect(line).not.toContain(editor.user.id);
  });
});

describe('HTTP answers of /mcp', () => {
  it('carry the API’s security headers and Cache-Control: no-store, answers and refusals alike', async () => {
    const token = await tokenFor(t, editor);
    const ok = await post(base, token, call(1, 'tools/list'));
    const notAcceptable = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(call(1, 'tools/list')),
    });
    const signedOut = await post(base, 'apd_not-a-token', call(1, 'tools/list'));
    expect([ok.status, notAcceptable.status, signedOut.status]).toEqual([200, 406, 401]);
    for (const res of [ok, notAcceptable, signedOut]) {
      expect(res.headers.get('cache-control'), String(res.status)).toBe('no-store');
      expect(res.headers.get('permissions-policy'), String(res.status)).toBe(PERMISSIONS_POLICY);
      expect(res.headers.get('content-security-policy'), String(res.status)).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options'), String(res.status)).toBe('nosniff');
    }
  });
});

describe('a JSON-RPC batch', () => {
  let limited: TestApp;
  let limitedBase: string;
  let member: TestUser;
  beforeAll(async () => {
    limited = await createTestApp({ apiTokenRateLimit: RATE_LIMIT });
    limitedBase = await limited.app.listen({ port: 0, host: '127.0.0.1' });
    member = await limited.register();
  });
  afterAll(() => limited.close());

  it('counts each of its calls against API_TOKEN_RATE_LIMIT', async () => {
    const token = await tokenFor(limited, member);
    const batch = await post(limitedBase, token, [call(1, 'tools/list'), call(2, 'prompts/list'), call(3, 'tools/list'), call(4, 'tools/list')]);
    expect(batch.status).toBe(200);
    expect(((await batch.json()) as Array<{ id: number }>).map((m) => m.id).sort()).toEqual([1, 2, 3, 4]);
    // Four of six spent: two single calls are left, then the token is refused.
    for (let i = 0; i < RATE_LIMIT - 4; i++) expect((await post(limitedBase, token, call(i, 'tools/list'))).status).toBe(200);
    const refused = await post(limitedBase, token, call(9, 'tools/list'));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is refused whole, before any call runs, when it alone goes over the limit', async () => {
    const token = await tokenFor(limited, member);
    const calls = Array.from({ length: RATE_LIMIT + 1 }, (_, i) => call(i, 'tools/list'));
    const res = await post(limitedBase, token, calls);
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('Too many requests with this API token') });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

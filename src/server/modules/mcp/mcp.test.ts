import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { insertToken } from '../tokens/tokens.repo';
import { builtinValues } from '../../../shared/template-variables';

// The MCP server against the SDK's own client, over real HTTP.

let t: TestApp;
let base: string;
let editor: TestUser;
const ids: Record<string, string> = {};
const openClients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp({ apiTokenRateLimit: 10_000 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.register({ firstName: 'Ada', lastName: 'Admin' });
  editor = await t.userWithRole('edit', { firstName: 'Mia', lastName: 'Mcp', businessUnit: 'Research' });
  // 58 plain prompts, then two with variables: the newest first in every list.
  for (let i = 1; i <= 58; i++) await create(`Plain prompt ${String(i).padStart(2, '0')}`, `Plain text number ${i}`, ['Plain']);
  ids.template = await create(
    'Meeting summary',
    'Summarise {{topic}} in a {{tone:formal|casual}} tone for {{current_user}} on {{current_date}}. \\{{literal}}',
    ['Meetings'],
  );
  ids.newest = await create('Release notes writer', 'Write release notes for {{product}}', ['Writing']);
  for (const title of ['Plain prompt 03', 'Plain prompt 10']) {
    const id = ids[title]!;
    expect((await t.app.inject({ method: 'PUT', url: `/api/prompts/${id}/favorite`, headers: editor.auth })).statusCode).toBe(204);
  }
});
afterAll(async () => {
  await Promise.all(openClients.map((c) => c.close().catch(() => undefined)));
  await t.close();
});

async function create(title: string, content: string, tags: string[]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/prompts', headers: editor.auth, payload: { title, content, aiModels: ['Claude'], tags } });
  expect(res.statusCode, res.body).toBe(201);
  ids[title] = body<{ id: string }>(res).id;
  return ids[title]!;
}

async function tokenFor(u: TestUser, scopes: Array<'prompts:read' | 'prompts:write' | 'admin'>) {
  return (await insertToken(t.db, { userId: u.user.id, name: 'MCP client', scopes, expiresInDays: 30 })).token;
}

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  openClients.push(client);
  return client;
}

describe('the MCP server', () => {
  it('lists the prompts page by page with the protocol cursor: favourites first, then the newest, variables as arguments', async () => {
    const client = await connect(await tokenFor(editor, ['prompts:read']));
    expect(client.getServerCapabilities()).toMatchObject({ prompts: {}, tools: {} });
    const first = await client.listPrompts();
    expect(first.nextCursor).toBeTruthy();
    const titles = first.prompts.map((p) => p.title);
    expect(titles.slice(0, 2)).toEqual(['Plain prompt 10', 'Plain prompt 03']);
    expect(titles.slice(2, 5)).toEqual(['Release notes writer', 'Meeting summary', 'Plain prompt 58']);
    const seen = [...first.prompts];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await client.listPrompts({ cursor });
      seen.push(...page.prompts);
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen.map((p) => p.name)).size).toBe(60);
    const meeting = seen.find((p) => p.title === 'Meeting summary')!;
    expect(meeting.name).toBe(`meeting-summary-${ids.template}`);
    expect(meeting.arguments).toEqual([
      { name: 'topic', description: 'Text for {{topic}}', required: true },
      { name: 'tone', description: 'One of: formal | casual (default: formal)', required: false },
    ]);
    await expect(client.listPrompts({ cursor: 'not-a-cursor' })).rejects.toThrow(/Invalid cursor/);
  });

  it('returns a prompt filled with the arguments as a user message, and records the use as mcp', async () => {
    const client = await connect(await tokenFor(editor, ['prompts:read']));
    const before = body<{ useCount: number }>(await t.app.inject({ method: 'GET', url: `/api/prompts/${ids.template}`, headers: editor.auth })).useCount;
    const result = await client.getPrompt({ name: `meeting-summary-${ids.template}`, arguments: { topic: 'the Q3 review' } });
    const { current_date, current_user } = builtinValues({ firstName: 'Mia', lastName: 'Mcp', businessUnit: 'Research' });
    expect(result.messages).toEqual([
      { role: 'user', content: { type: 'text', text: `Summarise the Q3 review in a formal tone for ${current_user} on ${current_date}. {{literal}}` } },
    ]);
    const after = body<{ useCount: number }>(await t.app.inject({ method: 'GET', url: `/api/prompts/${ids.template}`, headers: editor.auth }));
    expect(after.useCount).toBe(before + 1);
    const [use] = await queryRows(t.db, sql`select last_kind from prompt_user_uses where prompt_id = ${ids.template} and user_id = ${editor.user.id}`);
    expect(use?.last_kind).toBe('mcp');
    await expect(client.getPrompt({ name: 'no-such-prompt' })).rejects.toThrow(/No prompt named no-such-prompt/);
  });

  it('offers search_prompts and get_prompt as tools for clients without prompt support', async () => {
    const client = await connect(await tokenFor(editor, ['prompts:read']));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search_prompts', 'get_prompt', 'list_collections']);
    const found = await client.callTool({ name: 'search_prompts', arguments: { query: 'release notes', tag: 'Writing' } });
    const results = (found.structuredContent as { results: Array<{ id: string; title: string; link: string; preview: string }> }).results;
    expect(results.map((r) => r.title)).toEqual(['Release notes writer']);
    expect(results[0]!.link).toBe(`${base}/prompts/${ids.newest}`);
    expect((found.content as Array<{ text: string }>)[0]!.text).toContain(ids.newest);
    const none = await client.callTool({ name: 'search_prompts', arguments: { query: 'release notes', tag: 'Meetings' } });
    expect((none.structuredContent as { results: unknown[] }).results).toEqual([]);

    const filled = await client.callTool({ name: 'get_prompt', arguments: { id: ids.newest, values: { product: 'Prompts 2.0' } } });
    expect((filled.content as Array<{ text: string }>)[0]!.text).toBe('Write release notes for Prompts 2.0');
    const bad = await client.callTool({ name: 'get_prompt', arguments: { id: 'nope' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as Array<{ text: string }>)[0]!.text).toMatch(/id must be a prompt id/);
    const missing = await client.callTool({ name: 'get_prompt', arguments: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.isError).toBe(true);
  });

  it('never gives drafts; gives deprecated prompts only when asked, and marks verified ones', async () => {
    const status = (id: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/prompts/${id}/status`, headers: editor.auth, payload });
    const draft = await create('Status draft kiwi', 'A kiwi draft', ['Status']);
    const old = await create('Status old kiwi', 'An old kiwi prompt', ['Status']);
    const good = await create('Status good kiwi', 'A good kiwi prompt', ['Status']);
    expect((await status(draft, { status: 'draft' })).statusCode).toBe(200);
    expect((await status(old, { status: 'deprecated', replacementId: good })).statusCode).toBe(200);
    const client = await connect(await tokenFor(editor, ['prompts:read']));
    const search = async (args: Record<string, unknown>) => {
      const found = await client.callTool({ name: 'search_prompts', arguments: { query: 'kiwi', ...args } });
      return (found.structuredContent as { results: Array<{ title: string; status: string }> }).results;
    };
    expect((await search({})).map((r) => r.title)).toEqual(['Status good kiwi']);
    expect((await search({ includeDeprecated: true })).map((r) => `${r.title} ${r.status}`).sort()).toEqual([
      'Status good kiwi published',
      'Status old kiwi deprecated',
    ]);
    const drafted = await client.callTool({ name: 'get_prompt', arguments: { id: draft } });
    expect(drafted.isError).toBe(true);
    // The owner's own draft, by its id: still not for AI clients.
    expect((drafted.content as Array<{ text: string }>)[0]!.text).toBe(`No prompt has the id ${draft}`);
    const bad = await client.callTool({ name: 'search_prompts', arguments: { query: 'kiwi', verifiedOnly: 'yes' } });
    expect(bad.isError).toBe(true);
  });

  it('is refused to a session token and to a token without prompts:read; a read token gets nothing else', async () => {
    await expect(connect(editor.token)).rejects.toThrow(/401|personal API token/);
    await expect(connect(await tokenFor(editor, ['prompts:write']))).rejects.toThrow(/403|prompts:read/);
    const read = await tokenFor(editor, ['prompts:read']);
    const write = await fetch(`${base}/api/prompts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${read}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Via read token', content: 'x', aiModels: ['Claude'], tags: ['x'] }),
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ code: 'insufficient_scope' });
    const profile = await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${read}` } });
    expect(profile.status).toBe(403);
  });

  it('stops answering a client at once when its token is revoked', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: editor.auth,
      payload: { name: 'Claude Desktop', scopes: ['prompts:read'], expiresInDays: 30 },
    });
    const { token, apiToken } = body<{ token: string; apiToken: { id: string } }>(created);
    const client = await connect(token);
    expect((await client.listTools()).tools).toHaveLength(3);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tokens/${apiToken.id}`, headers: editor.auth })).statusCode).toBe(204);
    await expect(client.listPrompts()).rejects.toThrow(/401|revoked/);
  });

  it('answers plain HTTP mistakes in the project’s error shape', async () => {
    const read = await tokenFor(editor, ['prompts:read']);
    const post = (headers: Record<string, string>, payload: string) =>
      fetch(`${base}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${read}`, 'content-type': 'application/json', ...headers }, body: payload });
    const noAccept = await post({}, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    expect(noAccept.status).toBe(406);
    expect(await noAccept.json()).toMatchObject({ code: 'not_acceptable' });
    const notRpc = await post({ accept: 'application/json, text/event-stream' }, '{"hello":"world"}');
    expect(notRpc.status).toBe(400);
    expect(await notRpc.json()).toMatchObject({ code: 'invalid_mcp_message' });
    const get = await fetch(`${base}/mcp`, { headers: { authorization: `Bearer ${read}`, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('collections over MCP', () => {
  it('lists the collections the token’s owner may see, and searches inside one in its order', async () => {
    const other = await t.userWithRole('edit', { firstName: 'Olga', lastName: 'Other', businessUnit: 'Sales' });
    const make = async (u: TestUser, payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/collections', headers: u.auth, payload });
      expect(res.statusCode, res.body).toBe(201);
      return body<{ id: string }>(res).id;
    };
    const kit = await make(editor, { name: 'Meeting kit', description: 'For *every* meeting' });
    const hidden = await make(other, { name: 'Olga private', visibility: 'private' });
    for (const title of ['Plain prompt 07', 'Meeting summary', 'Plain prompt 02']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/collections/${kit}/items`, headers: editor.auth, payload: { promptId: ids[title] } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const client = await connect(await tokenFor(editor, ['prompts:read']));
    const listed = await client.callTool({ name: 'list_collections', arguments: {} });
    const collections = (listed.structuredContent as { collections: Array<{ id: string; name: string; promptCount: number; description: string }> })
      .collections;
    expect(collections).toEqual([expect.objectContaining({ id: kit, name: 'Meeting kit', promptCount: 3, description: 'For *every* meeting' })]);
    expect((listed.content as Array<{ text: string }>)[0]!.text).toContain(kit);

    const inside = await client.callTool({ name: 'search_prompts', arguments: { collection: kit } });
    expect((inside.structuredContent as { results: Array<{ title: string }> }).results.map((r) => r.title)).toEqual([
      'Plain prompt 07',
      'Meeting summary',
      'Plain prompt 02',
    ]);
    const searched = await client.callTool({ name: 'search_prompts', arguments: { collection: kit, query: 'plain' } });
    expect((searched.structuredContent as { results: Array<{ title: string }> }).results.map((r) => r.title)).toEqual(['Plain prompt 07', 'Plain prompt 02']);
    for (const id of [hidden, '00000000-0000-4000-8000-000000000000']) {
      const refused = await client.callTool({ name: 'search_prompts', arguments: { collection: id } });
      expect(refused.isError).toBe(true);
      expect((refused.content as Array<{ text: string }>)[0]!.text).toBe(`No collection has the id ${id}`);
    }
    const malformed = await client.callTool({ name: 'search_prompts', arguments: { collection: 'kit' } });
    expect(malformed.isError).toBe(true);
  });
});

describe('typed variables over MCP', () => {
  it('announces each defined variable with its description and whether it is required, and fills values by type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: editor.auth,
      payload: {
        title: 'Typed reply',
        content: 'Reply to {{customer}} by {{due}} in {{words}} words about {{topics}}; urgent: {{urgent}}.',
        aiModels: ['Claude'],
        tags: ['Typed'],
        variableDefinitions: [
          { name: 'customer', type: 'text', label: 'Customer', description: 'Their full name', required: true },
          { name: 'due', type: 'date', required: true },
          { name: 'words', type: 'number', default: 120 },
          { name: 'topics', type: 'multiChoice', options: ['billing', 'returns'] },
          { name: 'urgent', type: 'checkbox' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = body<{ id: string }>(res).id;
    const client = await connect(await tokenFor(editor, ['prompts:read']));
    let listed;
    let cursor: string | undefined;
    do {
      const page = await client.listPrompts(cursor ? { cursor } : {});
      listed = page.prompts.find((p) => p.title === 'Typed reply') ?? listed;
      cursor = page.nextCursor;
    } while (cursor && !listed);
    expect(listed?.arguments).toEqual([
      { name: 'customer', description: 'Customer: Their full name. Text for {{customer}}', required: true },
      { name: 'due', description: 'A date, YYYY-MM-DD', required: true },
      { name: 'words', description: 'A number (default: 120)', required: false },
      { name: 'topics', description: 'Any of, separated by commas: billing | returns', required: false },
      { name: 'urgent', description: 'yes or no (default: no)', required: false },
    ]);

    const name = `typed-reply-${id}`;
    const filled = await client.getPrompt({ name, arguments: { customer: 'Ann Lee', due: '2026-12-24', topics: 'billing, returns', urgent: 'yes' } });
    expect(filled.messages[0]?.content).toEqual({ type: 'text', text: 'Reply to Ann Lee by 2026-12-24 in 120 words about billing, returns; urgent: yes.' });
    await expect(client.getPrompt({ name, arguments: { customer: 'Ann Lee' } })).rejects.toThrow(/due is required/);
    await expect(client.getPrompt({ name, arguments: { customer: 'Ann Lee', due: 'tomorrow' } })).rejects.toThrow(/due must be a date/);

    // The tools name the variables, and refuse values that cannot fill the prompt.
    const found = await client.callTool({ name: 'search_prompts', arguments: { query: 'Typed reply' } });
    const results = (found.structuredContent as { results: Array<{ title: string; variables: string[] }> }).results;
    expect(results.find((r) => r.title === 'Typed reply')?.variables).toEqual(['customer', 'due', 'words', 'topics', 'urgent']);
    const refused = await client.callTool({ name: 'get_prompt', arguments: { id, values: { customer: 'Ann', due: '2026-12-24', words: 'many' } } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('words must be a number');
  });
});

describe('snippets over MCP', () => {
  it('expands a prompt’s snippets, announces their variables as arguments, and names a snippet that cannot be expanded', async () => {
    const snippet = await t.app.inject({
      method: 'POST',
      url: '/api/snippets',
      headers: editor.auth,
      payload: { name: 'mcp-sign', content: 'Signed, {{signer}}' },
    });
    expect(snippet.statusCode, snippet.body).toBe(201);
    const id = await create('Snippet letter', 'Letter for {{client}}. {{> mcp-sign}}', ['Snippets']);
    const client = await connect(await tokenFor(editor, ['prompts:read']));
    const page = await client.listPrompts();
    expect(page.prompts.find((p) => p.title === 'Snippet letter')?.arguments?.map((a) => a.name)).toEqual(['client', 'signer']);
    const filled = await client.getPrompt({ name: `snippet-letter-${id}`, arguments: { client: 'Bo', signer: 'Mia' } });
    expect(filled.messages[0]?.content).toEqual({ type: 'text', text: 'Letter for Bo. Signed, Mia' });
    const found = await client.callTool({ name: 'search_prompts', arguments: { query: 'Snippet letter' } });
    const results = (found.structuredContent as { results: Array<{ title: string; variables: string[] }> }).results;
    expect(results.find((r) => r.title === 'Snippet letter')?.variables).toEqual(['client', 'signer']);

    // Written around the API, a snippet that does not exist: the client is told which.
    await queryRows(t.db, sql`update prompts set content = 'Letter. {{> nowhere}}' where id = ${id}::uuid`);
    await expect(client.getPrompt({ name: `snippet-letter-${id}` })).rejects.toThrow(/The snippet “nowhere” does not exist/);
    const refused = await client.callTool({ name: 'get_prompt', arguments: { id } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('The snippet “nowhere” does not exist');
  });
});

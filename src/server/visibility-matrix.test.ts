import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertToken } from './modules/tokens/tokens.repo';
import { registeredRoutes } from './test/route-list';
import { call, checkBulk, checkCollectionItems, checkPromptRoutes, PROMPT_ROUTES } from './test/visibility-checks';
import { type Actor, buildFixture, type Fixture, PEOPLE, PROMPT_KEYS, type PromptKey, promptState, SEES, UNIQUE } from './test/visibility-fixture';
import { LIST_CHECKS } from './test/visibility-lists';
import { ADMIN_ONLY, ADMIN_TICKETS, NOT_PROMPT_DATA } from './test/visibility-routes';

/**
 * Who sees a prompt, on every route that returns or names one: a private, a units-only (Legal) and an
 * organization prompt, against their owner, a co-owner, members of the same and of another unit, a
 * read-only member, an admin, API tokens of every scope and MCP clients. Someone who may not see a
 * prompt gets 404 wherever it is named, and finds it in no list, total, count or value list.
 */
let f: Fixture;
beforeAll(async () => {
  f = await buildFixture();
}, 60_000);
afterAll(() => f?.t.close());

/** Runs `check`, collecting every wrong cell, then fails once with all of them. */
async function cells(check: (fail: (message: string) => void) => Promise<void>) {
  const failures: string[] = [];
  await check((message) => failures.push(message));
  expect(failures).toEqual([]);
}

const checked = () => [
  ...new Set([
    ...PROMPT_ROUTES.map((r) => `${r.method} ${r.url}`),
    ...Object.keys(LIST_CHECKS),
    'POST /api/prompts/bulk',
    'POST /api/collections/:id/items',
    'GET /api/trash',
    'POST /api/trash/:id/restore',
    'POST /mcp',
  ]),
];

describe('the visibility matrix', () => {
  it('classifies every route: checked here, admin only, or no prompt data', () => {
    const routes = registeredRoutes(f.t.app).map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(60);
    const placed = [...checked(), ...Object.keys(NOT_PROMPT_DATA), ...Object.keys(ADMIN_ONLY), ...Object.keys(ADMIN_TICKETS)];
    expect(routes.filter((route) => !placed.includes(route)).sort(), 'routes nobody has placed in the visibility matrix').toEqual([]);
    expect(placed.filter((route) => !routes.includes(route)).sort(), 'routes the matrix names that no longer exist').toEqual([]);
    expect(placed.length, 'a route placed twice').toBe(new Set(placed).size);
    const access = new Map(f.t.app.routeAccessTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const route of Object.keys(ADMIN_ONLY)) expect(access.get(route), route).toBe('admin');
  });

  it('answers each prompt route with the prompt, 404 or 403 as the actor may, and a refused write changes nothing', async () => {
    await cells((fail) => checkPromptRoutes(f, fail));
  });

  it('adds to a collection only the prompts the actor sees', async () => {
    await cells((fail) => checkCollectionItems(f, fail));
  });

  it('selects in bulk only what the actor sees', async () => {
    await cells((fail) => checkBulk(f, fail));
  });

  it('holds in every list, total, faceted count and value list exactly the prompts and values the actor sees', async () => {
    await cells(async (fail) => {
      for (const actor of f.actors) for (const check of Object.values(LIST_CHECKS)) await check(f, actor, fail);
    });
  });

  it('states the rule the cells follow', () => {
    // The table the expectations come from, for a reader of a failure.
    expect(PEOPLE.map((person) => `${person}: ${PROMPT_KEYS.filter((key) => SEES[person][key]).join(', ')}`)).toEqual([
      'owner: private, units, organization',
      'coOwner: private, units, organization',
      'sameUnit: units, organization',
      'otherUnit: organization',
      'reader: organization',
      'admin: private, units, organization',
    ]);
  });
});

describe('the trash', () => {
  it('shows a trashed private prompt to its owner and admins only, and restores it for nobody else (404)', async () => {
    const owner = f.actors.find((a) => a.name === 'owner')!;
    const admin = f.actors.find((a) => a.name === 'admin')!;
    const created = await call(f, owner, 'POST', '/api/prompts', {
      title: 'Matrix throwaway',
      content: 'Gone soon',
      aiModels: ['Claude'],
      tags: ['zz-throwaway'],
      visibility: 'private',
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect((await call(f, owner, 'DELETE', `/api/prompts/${id}`)).statusCode).toBe(204);

    const failures: string[] = [];
    const trashed = async (actor: Actor, query = '') => {
      const res = await call(f, actor, 'GET', `/api/trash${query}`);
      return res.statusCode === 200 ? (res.json() as { items: Array<{ id: string }> }).items.map((item) => item.id) : res.statusCode;
    };
    const before = await promptState(f.t, [id, ...Object.values(f.ids)]);
    for (const actor of f.actors) {
      const readRefused = actor.scopes !== null && !actor.scopes.includes('prompts:read');
      const own = actor.person === 'owner' ? [id] : [];
      const list = await trashed(actor);
      if (JSON.stringify(list) !== JSON.stringify(readRefused ? 403 : own)) failures.push(`${actor.name} GET /api/trash: ${JSON.stringify(list)}`);
      if (actor.person === 'owner' || actor.person === 'admin') continue;
      const restore = await call(f, actor, 'POST', `/api/trash/${id}/restore`);
      const writeRefused = actor.scopes !== null && !actor.scopes.includes('prompts:write');
      const want = writeRefused ? '403 insufficient_scope' : '404 trash_not_found';
      const got = `${restore.statusCode} ${(restore.json() as { code?: string }).code}`;
      if (got !== want) failures.push(`${actor.name} POST /api/trash/:id/restore: got ${got}, want ${want}`);
    }
    expect(failures).toEqual([]);
    expect(await promptState(f.t, [id, ...Object.values(f.ids)])).toEqual(before);
    expect(await trashed(admin, '?all=true')).toEqual([id]);
    // Gone for good, so the other tests' totals stay those of the three prompts.
    expect((await call(f, admin, 'DELETE', `/api/trash/${id}`)).statusCode).toBe(204);
  });
});

describe('MCP', () => {
  let base: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    base = await f.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => Promise.all(clients.map((c) => c.close().catch(() => undefined))));

  async function connect(person: 'owner' | 'otherUnit'): Promise<Client> {
    const { token } = await insertToken(f.t.db, { userId: f.people[person].user.id, name: 'Matrix MCP', scopes: ['prompts:read'], expiresInDays: 30 });
    const client = new Client({ name: 'visibility-matrix', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    clients.push(client);
    return client;
  }

  it('lists, gets and finds through its prompts and tools only what the caller sees', async () => {
    const failures: string[] = [];
    for (const person of ['owner', 'otherUnit'] as const) {
      const client = await connect(person);
      const listed: string[] = [];
      for (let cursor: string | undefined, first = true; first || cursor; first = false) {
        const page = await client.listPrompts(cursor ? { cursor } : {});
        listed.push(...page.prompts.map((p) => p.name));
        cursor = page.nextCursor;
      }
      const seen = (key: PromptKey) => SEES[person][key];
      for (const key of PROMPT_KEYS) {
        const id = f.ids[key];
        const cell = `${person} MCP [${key}]`;
        const name = listed.find((n) => n.endsWith(id));
        if (Boolean(name) !== seen(key)) failures.push(`${cell} prompts/list: ${name ?? 'absent'}`);
        // The name as the owner's list gives it; its id is what the server reads.
        const got = await client.getPrompt({ name: `matrix-${key}-prompt-${id}` }).then(
          () => 'found',
          (error: Error) => error.message,
        );
        if ((got === 'found') !== seen(key)) failures.push(`${cell} prompts/get: ${got}`);
        if (!seen(key) && !/No prompt named/.test(got)) failures.push(`${cell} prompts/get answers otherwise than for a missing prompt: ${got}`);
        const found = await client.callTool({ name: 'search_prompts', arguments: { query: UNIQUE[key].word } });
        const results = (found.structuredContent as { results: Array<{ id: string }> }).results.map((r) => r.id);
        if (JSON.stringify(results) !== JSON.stringify(seen(key) ? [id] : [])) failures.push(`${cell} search_prompts: ${JSON.stringify(results)}`);
        const byTag = await client.callTool({ name: 'search_prompts', arguments: { query: '', tag: UNIQUE[key].tag } });
        if ((byTag.structuredContent as { results: unknown[] }).results.length !== (seen(key) ? 1 : 0)) failures.push(`${cell} search_prompts by tag`);
        const fetched = await client.callTool({ name: 'get_prompt', arguments: { id } });
        if (Boolean(fetched.isError) === seen(key)) failures.push(`${cell} get_prompt: ${JSON.stringify(fetched.content)}`);
        const missing = await client.callTool({ name: 'get_prompt', arguments: { id: '00000000-0000-4000-8000-000000000000' } });
        if (!seen(key) && JSON.stringify(fetched.content) !== JSON.stringify(missing.content).replace('00000000-0000-4000-8000-000000000000', id)) {
          failures.push(`${cell} get_prompt answers otherwise than for a missing prompt: ${JSON.stringify(fetched.content)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

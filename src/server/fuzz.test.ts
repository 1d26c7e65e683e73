import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../shared/schemas/error-body';
import { contractFieldNames, fuzzBody, fuzzParam, fuzzQuery, nastyValue, RAW_PAYLOADS, type Random, seededRandom, toJsonText } from './test/fuzz-inputs';
import { oidcSettingsFor, signInAtProvider, startOidcProvider, type TestOidcProvider } from './test/oidc-provider';
import { registeredRoutes } from './test/route-list';
import { createTestApp, type TestApp } from './test/test-app';
import { insertToken } from './modules/tokens/tokens.repo';

/**
 * Every registered route, signed out, as an editor and as an admin, gets wrong types, NUL characters,
 * huge strings, deep nesting, SQL metacharacters and bogus cursors: none may answer 5xx, and every
 * 4xx carries the project's error body. Routes come from the app itself, so a new one is covered.
 */
let t: TestApp;
// A real identity provider, so the single sign-on routes are fuzzed past their "not configured" answer.
let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await startOidcProvider();
  const client = { clientId: 'fuzz', clientSecret: 'fuzz-secret' };
  provider.addClient({ ...client, redirectUri: 'http://localhost/api/auth/oidc/callback' });
  t = await createTestApp({ oidc: oidcSettingsFor(provider.issuer, client) });
  await t.register({ firstName: 'Fuzz', lastName: 'Admin' });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

const CASES_PER_ROUTE = 20;

/** Real ids for path parameters, made again for every route (an earlier route may have deleted them). */
async function realIds(): Promise<{ ids: string[]; personas: Array<[string, Record<string, string>]> }> {
  const admin = await t.userWithRole('admin');
  const editor = await t.userWithRole('edit');
  const prompt = await t.app.inject({
    method: 'POST',
    url: '/api/prompts',
    headers: editor.auth,
    payload: { title: `Fuzz ${Math.random()}`, content: 'Fuzz', aiModels: ['Claude'], tags: ['Fuzz'] },
  });
  const units = await t.app.inject({ method: 'GET', url: '/api/admin/business-units', headers: admin.auth });
  const fields = await t.app.inject({ method: 'GET', url: '/api/admin/form-fields', headers: admin.auth });
  const ids = [
    (prompt.json() as { id?: string }).id,
    ...(units.json() as Array<{ id: string }>).slice(0, 1).map((u) => u.id),
    ...(fields.json() as Array<{ id: string; name: string }>).filter((f) => f.name === 'notes').map((f) => f.id),
  ].filter((id): id is string => typeof id === 'string');
  // A personal API token with every scope: it reaches each route a token may call, and is refused the rest.
  const { token } = await insertToken(t.db, { userId: admin.user.id, name: 'Fuzz', scopes: ['prompts:read', 'prompts:write', 'admin'], expiresInDays: null });
  return {
    ids,
    personas: [
      ['signed out', {}],
      ['editor', editor.auth],
      ['admin', admin.auth],
      ['admin API token', { authorization: `Bearer ${token}` }],
    ],
  };
}

/**
 * The fields a route reads, learnt from the route itself: a body and a query with every contract field
 * of the wrong type answer 400 naming the fields the route's schemas hold. Fuzzing those fields reaches
 * the services far more often than spoiling fields the route ignores.
 */
async function fieldsOf(method: string, url: string, ids: string[], admin: Record<string, string>, names: string[]): Promise<string[]> {
  const path = url.replace(/:[A-Za-z]+/g, ids[0] ?? '00000000-0000-4000-8000-000000000000');
  const query = names.map((n) => `${n}=x&${n}=y`).join('&');
  const probes = [t.app.inject({ method: method as 'GET', url: `${path}?${query}`, headers: admin })];
  if (method !== 'GET')
    probes.push(t.app.inject({ method: method as 'POST', url: path, headers: admin, payload: Object.fromEntries(names.map((n) => [n, 12345])) }));
  const found = new Set<string>();
  for (const res of await Promise.all(probes)) {
    if (res.statusCode !== 400) continue;
    for (const key of Object.keys((res.json() as { errors?: Record<string, string> }).errors ?? {})) found.add(key.split('.')[0]!);
  }
  return [...found].filter((n) => names.includes(n));
}

function request(r: Random, method: string, url: string, ids: string[], names: string[]) {
  const path = url.replace(/:[A-Za-z]+/g, () => fuzzParam(r, ids));
  const query = method === 'GET' || r.next() < 0.2 ? fuzzQuery(r, names) : '';
  const target = query ? `${path}?${query}` : path;
  if (method === 'GET' || method === 'HEAD') return { method, url: target } as const;
  const roll = r.next();
  if (roll < 0.1) return { method, url: target, headers: { 'content-type': 'application/json' }, payload: r.pick(RAW_PAYLOADS) } as const;
  if (roll < 0.14) return { method, url: target, headers: { 'content-type': 'text/plain' }, payload: 'plain text' } as const;
  if (roll < 0.18) return { method, url: target } as const;
  return { method, url: target, payload: toJsonText(fuzzBody(r, names)), headers: { 'content-type': 'application/json' } } as const;
}

describe('every route under hostile input', () => {
  it('never answers 5xx, and answers every 4xx with the shared error body', async () => {
    const routes = registeredRoutes(t.app).filter((route) => route.url.startsWith('/api/') || route.url === '/mcp');
    expect(routes.length).toBeGreaterThan(30);
    const names = contractFieldNames();
    const r = seededRandom(20261123);
    const failures: string[] = [];
    for (const route of routes) {
      const { ids, personas } = await realIds();
      const own = await fieldsOf(route.method, route.url, ids, personas[2]![1], names);
      for (const [who, headers] of personas) {
        for (let i = 0; i < CASES_PER_ROUTE; i++) {
          // Mostly the route's own fields, now and then any contract field.
          const req = request(r, route.method, route.url, ids, own.length && r.next() < 0.85 ? own : names);
          const res = await t.app.inject({ ...req, headers: { ...('headers' in req ? req.headers : {}), ...headers } });
          const describe = `${who} ${req.method} ${req.url.slice(0, 160)} ${'payload' in req ? String(req.payload).slice(0, 160) : ''} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) failures.push(describe);
          else if (res.statusCode >= 400) {
            // The web client reads every failed call through this same schema.
            const body = (() => {
              try {
                return res.json() as unknown;
              } catch {
                return null;
              }
            })();
            if (!errorBodySchema.safeParse(body).success) failures.push(`error body: ${describe}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('single sign-on under hostile input', () => {
  const text = (v: unknown) => {
    try {
      return encodeURIComponent(typeof v === 'string' ? v.slice(0, 8_000) : JSON.stringify(v ?? null).slice(0, 8_000));
    } catch {
      return '%ED%A0%80';
    }
  };
  const failed = (what: string, res: { statusCode: number; body: string; json(): unknown }) => {
    if (res.statusCode >= 500) return `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`;
    if (res.statusCode >= 400 && !errorBodySchema.safeParse(res.json()).success) return `error body: ${what} → ${res.body.slice(0, 200)}`;
    return undefined;
  };

  it('never answers 5xx to bad next, state, code, error or business unit values, and never signs anyone in on them', async () => {
    const r = seededRandom(20261125);
    const failures: string[] = [];
    for (let i = 0; i < 40; i++) {
      const start = `/api/auth/oidc/start?next=${text(nastyValue(r))}`;
      const callback = `/api/auth/oidc/callback?state=${text(nastyValue(r))}&code=${text(nastyValue(r))}${r.next() < 0.3 ? `&error=${text(nastyValue(r))}` : ''}`;
      for (const url of [start, callback]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept: r.next() < 0.5 ? 'text/html' : 'application/json' } });
        failures.push(failed(`GET ${url.slice(0, 160)}`, res) ?? '');
        // A redirect from the callback on made-up input is always back to the sign-in screen with words.
        if (url === callback && res.statusCode === 302) expect(String(res.headers.location)).toMatch(/^\/auth\?sso_error=/);
      }
      const payload = toJsonText({ code: nastyValue(r), businessUnit: nastyValue(r) });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange', payload, headers: { 'content-type': 'application/json' } });
      failures.push(failed(`POST exchange ${payload.slice(0, 160)}`, res) ?? '');
      expect(res.statusCode).not.toBe(200);
    }

    // A genuine sign-in of a new person without a unit claim: spoiled business units beside a real code.
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start', headers: { accept: 'text/html' } });
    // The browser binding: the callback and the exchange come with the cookie the start set.
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const callback = new URL(await signInAtProvider(String(start.headers.location), 'nora'));
    const back = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie } });
    const code = new URL(String(back.headers.location), 'http://x').searchParams.get('code');
    expect(code).toBeTruthy();
    for (let i = 0; i < 20; i++) {
      const payload = toJsonText({ code, businessUnit: nastyValue(r) });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange', payload, headers: { 'content-type': 'application/json', cookie } });
      failures.push(failed(`POST exchange with a real code ${payload.slice(0, 160)}`, res) ?? '');
    }
    expect(failures.filter(Boolean)).toEqual([]);
  }, 120_000);
});

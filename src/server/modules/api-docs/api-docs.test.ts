import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccessEntry } from '../../plugins/auth';
import { DOCS_PREFIX, isDocumentedUrl, registerOpenApi } from '../../plugins/openapi';
import { registeredRoutes } from '../../test/route-list';
import { createTestApp, type TestApp } from '../../test/test-app';

interface Operation {
  summary?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  'x-access'?: string;
  'x-token-scope'?: string | null;
  parameters?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
});
afterAll(() => t.close());

const ERROR_BODY = { $ref: '#/components/schemas/ErrorBody' };

/**
 * Routes another engineer's module registers that do not document themselves yet. Each must still be
 * registered and still undocumented, so the list can only shrink; document the route, then remove it.
 */
const AWAITING_DOCUMENTATION = new Set<string>([]);

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'AI Prompts Database API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(doc.components.schemas.ErrorBody).toMatchObject({ required: ['message', 'code'] });
  });

  it('documents every registered API route with its access, token scope, success answer and error answers', () => {
    const declared = new Map(t.app.routeAccessTable.map((r) => [`${r.method} ${r.url}`, r]));
    // The reference page's own files (its scripts, styles and its copy of the document) are not operations.
    const routes = registeredRoutes(t.app).filter((r) => isDocumentedUrl(r.url) && !r.url.startsWith(`${DOCS_PREFIX}/`));
    expect(routes.length).toBeGreaterThan(60);
    const problems: string[] = [];
    const stillAwaiting: string[] = [];
    for (const { method, url } of routes) {
      const key = `${method} ${url}`;
      const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      const found = operationProblems(method, url, operation, declared.get(key));
      if (AWAITING_DOCUMENTATION.has(key)) {
        if (found.length) stillAwaiting.push(key);
        continue;
      }
      problems.push(...found.map((p) => `${key}: ${p}`));
    }
    expect(problems).toEqual([]);
    expect(stillAwaiting.sort()).toEqual([...AWAITING_DOCUMENTATION].sort());
  });

  it('leaves out the web client and the reference page’s own files', () => {
    const urls = Object.keys(doc.paths);
    expect(urls.filter((u) => !isDocumentedUrl(u))).toEqual([]);
    expect(urls.filter((u) => u.startsWith(`${DOCS_PREFIX}/`))).toEqual([]);
    expect(urls).toContain(DOCS_PREFIX);
  });

  it('may be cached, and is revalidated with its ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });
});

describe('documenting a route', () => {
  it('writes an answer without a body, such as a redirect, with its description and no content', async () => {
    const app = Fastify();
    app.decorate('db', t.db);
    await registerOpenApi(app);
    app.get(
      '/api/elsewhere',
      { config: { access: 'public' }, schema: { documentedResponses: { 302: { description: 'Sent elsewhere' } } } },
      async (_r, reply) => reply.redirect('/'),
    );
    await app.ready();
    const responses = (app.swagger() as unknown as Document).paths['/api/elsewhere']!.get!.responses;
    expect(responses['302']).toEqual({ description: 'Sent elsewhere' });
    expect(Object.keys(responses)).toEqual(['302', '503']);
    await app.close();
  });
});

describe('GET /api/docs', () => {
  it('answers the reference page, and every file it loads is served from here', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.filter((a) => a.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
    expect(assets.filter((a) => a.endsWith('.css')).length).toBeGreaterThanOrEqual(1);
    for (const asset of assets) {
      // Same origin only: nothing from a CDN.
      expect(asset, asset).toMatch(new RegExp(`^${DOCS_PREFIX}/`));
      const res = await t.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
      expect(res.body.length, asset).toBeGreaterThan(0);
    }
    // The page reads the document from ./json beside itself.
    const copy = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(copy.json()).toEqual(doc);
  });
});

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The error answers a route must document, from what the app does to every route of its kind. */
function expectedErrors(method: string, url: string, operation: Operation, route: RouteAccessEntry | undefined): string[] {
  const statuses = ['503'];
  const access = route?.access;
  const isPublic = access === 'public';
  if (operation.parameters?.length || operation.requestBody) statuses.push('400');
  if (!isPublic) statuses.push('401', '403');
  if (url.includes(':')) statuses.push('404');
  if (!isPublic && WRITES.includes(method)) statuses.push('409');
  if (operation.requestBody?.content['application/json']) statuses.push('413', '415');
  if (!isPublic && route?.tokenScope) statuses.push('429');
  return statuses.sort();
}

/** What is missing from one route's documentation; empty when it is complete. */
function operationProblems(method: string, url: string, operation: Operation | undefined, route: RouteAccessEntry | undefined): string[] {
  if (!operation) return ['not in the document'];
  const access = route?.access;
  const problems: string[] = [];
  const statuses = Object.keys(operation.responses);
  // A success answer, or for a method the route exists only to refuse, the answer it gives instead.
  if (!statuses.some((s) => /^[23]/.test(s)) && !statuses.includes('405')) problems.push('no success answer');
  for (const status of statuses.filter((s) => /^2/.test(s) && s !== '204')) {
    const content = operation.responses[status]!.content;
    if (!content || !Object.values(content).every((c) => c.schema)) problems.push(`${status} has no schema`);
  }
  const healthCheck = url === '/healthz' || url === '/readyz';
  for (const status of expectedErrors(method, url, operation, route)) {
    const response = operation.responses[status];
    if (!response) problems.push(`no ${status}`);
    // The health checks describe their own 503 (it says which check failed).
    else if (!(healthCheck && status === '503') && JSON.stringify(response.content?.['application/json']?.schema) !== JSON.stringify(ERROR_BODY)) {
      problems.push(`${status} is not an ErrorBody`);
    }
  }
  if (operation['x-access'] !== access) problems.push(`x-access is ${operation['x-access']}, declared ${access}`);
  if (!operation.description?.includes('**Who may call it:**')) problems.push('no access description');
  if (access === 'public') {
    if (operation.security?.length !== 0) problems.push('a public route lists security requirements');
  } else {
    const scope = route?.tokenScope ?? null;
    if (operation['x-token-scope'] !== scope) problems.push(`x-token-scope is ${operation['x-token-scope']}, the route declares ${scope}`);
    if (!operation.description?.includes(scope ? `scope \`${scope}\`` : 'API tokens:** not accepted'))
      problems.push('the description does not say what a token needs');
    const expected = [{ session: [] }, ...(scope ? [{ apiToken: [scope] }] : [])];
    if (JSON.stringify(operation.security) !== JSON.stringify(expected)) problems.push(`security is ${JSON.stringify(operation.security)}`);
  }
  return problems;
}

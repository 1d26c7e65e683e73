import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, onRouteHookHandler } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '../../shared/schemas/auth';
import { businessUnitSchema } from '../../shared/schemas/business-units';
import { aiModelSchema } from '../../shared/schemas/catalog';
import { errorBodySchema } from '../../shared/schemas/error-body';
import { formFieldSchema } from '../../shared/schemas/form-fields';
import { promptListItemSchema, promptSchema } from '../../shared/schemas/prompts';
import { PROJECT_ROOT } from '../lib/project-root';
import type { RouteAccess } from './auth';
import { IDEMPOTENCY_DESCRIPTION, idempotencyHeadersSchema } from './idempotency';
import { tokenScopeOf } from './token-scopes';

/** Where the reference page lives; everything swagger-ui registers under it is that page's own files. */
export const DOCS_PREFIX = '/api/docs';

/** The error statuses the document can name for an operation. */
type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 406 | 409 | 413 | 415 | 422 | 429 | 502 | 503 | 504;

/** One documented answer: its description and a schema per content type (none for a redirect). */
interface DocumentedResponse {
  description: string;
  content?: Record<string, z.ZodType>;
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Answers described in the OpenAPI document only, never used to serialize: streamed files, and
     * JSON text a service assembles itself. Fastify's `response` schemas, by contrast, also validate
     * every answer on its way out.
     */
    documentedResponses?: Partial<Record<number, DocumentedResponse>>;
    /** A request body read as a stream (a file), so never validated: described in the document only. */
    documentedRequestBody?: DocumentedResponse;
    /** Error statuses this route gives beyond those its access, its input and its path imply. */
    errorStatuses?: readonly ErrorStatus[];
  }
}

type SchemaMeta = { id?: string; [key: string]: unknown };

/** Metadata of this registry first, then zod's global one, where `.describe()` and `.meta()` write. */
class MetadataWithFallback extends WeakMap<z.core.$ZodType, SchemaMeta> {
  override get(schema: z.core.$ZodType) {
    return super.get(schema) ?? (z.globalRegistry.get(schema) as SchemaMeta | undefined);
  }
  override has(schema: z.core.$ZodType) {
    return super.has(schema) || z.globalRegistry.has(schema);
  }
}

/**
 * Named components, so the document and the reference page show "Prompt" rather than its whole shape
 * each time. Kept apart from zod's global registry, which other JSON Schema output (the MCP tools)
 * reads: naming a schema there would turn it into a reference in their output too.
 */
const components = z.registry<SchemaMeta>();
components._map = new MetadataWithFallback();
for (const [schema, id] of [
  [errorBodySchema, 'ErrorBody'],
  [promptSchema, 'Prompt'],
  [promptListItemSchema, 'PromptListItem'],
  [publicUserSchema, 'User'],
  [businessUnitSchema, 'BusinessUnit'],
  [aiModelSchema, 'AiApplication'],
  [formFieldSchema, 'FormField'],
] as const) {
  components.add(schema, { ...z.globalRegistry.get(schema), id });
}

const WHO: Record<RouteAccess, string> = {
  public: 'Anyone: no sign-in needed',
  signedIn: 'Signed-in members (every role)',
  editor: 'Editors and administrators',
  curator: 'Administrators, and curators for the business units they curate',
  admin: 'Administrators',
};

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The input is not valid: `errors` holds a message per field',
  401: 'Not signed in, or the session or API token is no longer valid',
  403: 'Refused: the role or the API token’s scope does not allow this, the call needs a signed-in session, or a temporary password must be changed first',
  404: 'Not found (or not visible to the caller)',
  405: 'This method is not offered here',
  406: 'The Accept header does not include what this route answers with',
  409: 'Conflicts with the current data: a name already taken, or something the change refers to was removed meanwhile',
  413: 'The request body is too large',
  415: 'The request body has the wrong content type',
  422: 'Cannot be carried out as things stand: an Idempotency-Key used for a different request, or snippets that are missing, loop or nest too deep',
  429: 'Too many requests: wait the number of seconds in Retry-After',
  502: 'An outside service this call relies on (the AI gateway) refused or could not be reached',
  504: 'An outside service this call relies on (the AI gateway) did not answer in time',
  503: 'The database is not answering, or its disk is full (`storage_full`): retry after the number of seconds in Retry-After',
};

/** The routes the document describes: the API, the health checks and the MCP endpoint. */
export const isDocumentedUrl = (url: string) => url.startsWith('/api/') || url === '/healthz' || url === '/readyz' || url === '/mcp';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses an operation can answer, from what the app does to every route of its kind: input
 * is validated (400), non-public routes need a session or token (401) and a role, scope or changed
 * password (403), a path parameter names something that may not exist (404), a write may meet a taken
 * name or a row removed meanwhile (409), a JSON body has a size limit and a content type (413, 415),
 * API tokens are rate limited (429), and any call can find the database unreachable (503).
 */
function errorStatusesFor(
  method: string,
  url: string,
  schema: FastifySchema | undefined,
  access: RouteAccess | undefined,
  tokenScope: string | null,
): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(schema?.errorStatuses ?? []);
  const isPublic = access === 'public';
  if (schema?.body || schema?.querystring || schema?.params) statuses.add(400);
  if (!isPublic) statuses.add(401).add(403);
  if (url.includes(':')) statuses.add(404);
  if (!isPublic && WRITES.has(method)) statuses.add(409);
  if (schema?.body) statuses.add(413).add(415);
  if (!isPublic && tokenScope) statuses.add(429);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** The access lines of an operation's description. */
function accessDescription(access: RouteAccess | undefined, scope: string | null, exception: string | undefined): string {
  const who = `**Who may call it:** ${access ? WHO[access] : 'not declared'}.`;
  if (access === 'public') return who;
  const token = scope
    ? `**API tokens:** accepted with the scope \`${scope}\`${exception ? `, ${exception}` : ''}.`
    : '**API tokens:** not accepted; a browser session only.';
  return `${who}\n\n${token}`;
}

const toContentResponse = ({ description, content = {} }: DocumentedResponse) =>
  Object.keys(content).length
    ? { description, content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])) }
    : // An answer without a body: the zod transform writes it as one with no content.
      z.undefined().describe(description);

/** A documented request body in the form @fastify/swagger reads: JSON Schema per content type. */
const requestBodyJson = ({ content = {} }: DocumentedResponse) => ({
  content: Object.fromEntries(
    Object.entries(content).map(([type, schema]) => {
      const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
      return [type, { schema: json }];
    }),
  ),
});

const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components });

/**
 * Documents one route: hides what is not the API (the web client's files, the reference page's own
 * files), adds who may call it (`x-access`, `x-token-scope`, `security` and the description), and the
 * error answers it can give, each with the shared error body; then lets the zod transform turn the
 * route's zod schemas into JSON Schema.
 */
const transform: SwaggerTransform = (input) => {
  const { url, route } = input;
  const schema = input.schema as FastifySchema | undefined;
  if (!isDocumentedUrl(url) || schema?.hide) return { schema: { hide: true }, url };

  const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
  const access = route.config?.access;
  const scope = access === 'public' ? null : tokenScopeOf(route.config);
  const { documentedResponses, documentedRequestBody, errorStatuses: _extra, ...fastifySchema } = schema ?? {};
  const idempotent = route.config?.idempotent === true;
  if (idempotent) fastifySchema.headers = idempotencyHeadersSchema;

  const response: Record<string, unknown> = { ...(fastifySchema.response as Record<string, unknown> | undefined) };
  for (const [status, documented] of Object.entries(documentedResponses ?? {})) {
    if (documented) response[status] = toContentResponse(documented);
  }
  const documentedSchema = idempotent ? { ...schema, errorStatuses: [...(schema?.errorStatuses ?? []), 409, 422] as ErrorStatus[] } : schema;
  for (const status of errorStatusesFor(method, url, documentedSchema, access, scope)) {
    response[status] ??= toContentResponse({ description: ERROR_DESCRIPTIONS[status], content: { 'application/json': errorBodySchema } });
  }

  const transformed = zodTransform({ ...input, schema: { ...fastifySchema, response } });
  const description = [accessDescription(access, scope, route.config?.tokenNote), fastifySchema.description, idempotent && IDEMPOTENCY_DESCRIPTION]
    .filter(Boolean)
    .join('\n\n');
  const security: Array<Record<string, string[]>> = access === 'public' ? [] : [{ session: [] }, ...(scope ? [{ apiToken: [scope] }] : [])];
  return {
    // swagger-ui adds its page at both /api/docs and /api/docs/: one of them is enough.
    url: url === `${DOCS_PREFIX}/` ? DOCS_PREFIX : url,
    schema: {
      ...transformed.schema,
      ...(documentedRequestBody ? { body: requestBodyJson(documentedRequestBody) } : {}),
      description,
      security,
      'x-access': access,
      'x-token-scope': scope,
    } as FastifySchema,
  };
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Created', '204': 'Done: no content' };

/** @fastify/swagger calls a response without a description "Default Response": say what it is instead. */
function nameSuccessResponses(paths: unknown): void {
  for (const item of Object.values((paths ?? {}) as Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>)) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === 'Default Response') response.description = SUCCESS_DESCRIPTIONS[status] ?? 'Success';
      }
    }
  }
}

/** Every `$ref` target named anywhere in a value. */
function referencedNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) referencedNames(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') into.add(v.replace('#/components/schemas/', ''));
      else referencedNames(v, into);
    }
  }
  return into;
}

/**
 * Adds the named components, keeping only those the operations use: the zod transform emits an input
 * and an output version of each, and a component nobody references is noise on the reference page.
 */
const transformObject: typeof zodTransformObject = (document) => {
  const full = zodTransformObject(document) as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = full.components?.schemas ?? {};
  const used = referencedNames(full.paths);
  // Components may reference others: follow them until nothing new turns up.
  for (let size = -1; size !== used.size;) {
    size = used.size;
    for (const name of [...used]) referencedNames(schemas[name], used);
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  nameSuccessResponses(full.paths);
  return { ...full, components: { ...full.components, schemas: kept } } as ReturnType<typeof zodTransformObject>;
};

const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string; version: string; description?: string };

/**
 * The reference page's routes are swagger-ui's, which takes no route options of ours: they are declared
 * public here, and the page itself is documented as an HTML answer (its files stay out of the document).
 */
function describeReferencePage(route: Parameters<onRouteHookHandler>[0]): void {
  const { prefix } = route;
  if (route.config?.access || !(prefix === DOCS_PREFIX || prefix.startsWith(`${DOCS_PREFIX}/`))) return;
  route.config = { ...route.config, access: 'public' };
  if (route.url === DOCS_PREFIX && route.method === 'GET') {
    route.schema = {
      summary: 'The API reference page',
      description: 'This document, rendered for people to read and try out.',
      tags: ['API documentation'],
      documentedResponses: { 200: { description: 'The reference page', content: { 'text/html': z.string() } } },
    };
  }
}

/**
 * Collects every route into an OpenAPI 3.1 document built from its zod schemas. Registered before the
 * auth plugin and the routes: @fastify/swagger only sees routes added after it, and the reference
 * page's files must be declared public before the auth plugin checks that every /api route says who
 * may call it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  if (app.hasDecorator('routeAccessTable')) throw new Error('registerOpenApi must run before registerAuth');
  app.addHook('onRoute', describeReferencePage);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'AI Prompts Database API',
        version: pkg.version,
        description: `${pkg.description ?? ''}\n\nAnswers are JSON unless an operation says otherwise, and every error is an \`ErrorBody\`. Send a session token (from \`POST /api/login\`) or a personal API token as \`Authorization: Bearer …\`.`,
      },
      // No \`servers\`: the default is the server the document came from, right for whichever address
      // the app is reached at (behind a proxy too), and swagger-ui then shows no server picker.
      components: {
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer', description: 'The session token `POST /api/login` answers (the web app keeps it).' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'apd_…',
            description: 'A personal API token. The security requirement lists the scope the operation needs.',
          },
        },
      },
    },
    transform,
    transformObject,
  });
}

import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ErrorBody } from '../../../shared/error-body';
import { errorBodySchema } from '../../../shared/schemas/error-body';
import { AppError, badRequest, unauthorized } from '../../errors';
import { requireUser, TOKEN_TOO_MANY } from '../../plugins/auth';
import { AttemptLimiter, attemptStoreFor, tokenAttemptKey } from '../../plugins/rate-limit';
import { writeApiAnswerHeaders } from '../../plugins/security-headers';
import { buildMcpServer } from './mcp.server';
import packageJson from '../../../../package.json' with { type: 'json' };

const MCP_TAGS = ['MCP'];
/** For the API document only: the transport validates messages itself. */
const jsonRpcDocumented = z.looseObject({ jsonrpc: z.literal('2.0') }).describe('A JSON-RPC 2.0 message');

const isMessage = (m: unknown) => typeof m === 'object' && m !== null && !Array.isArray(m) && (m as { jsonrpc?: unknown }).jsonrpc === '2.0';

/** The body must be one JSON-RPC 2.0 message or a batch of them; anything else is answered here, in our own error shape. */
function checkEnvelope(body: unknown) {
  const ok = Array.isArray(body) ? body.length > 0 && body.every(isMessage) : isMessage(body);
  if (!ok) throw badRequest('The body must be a JSON-RPC 2.0 message of the Model Context Protocol', 'invalid_mcp_message');
}

/** Streamable HTTP wants both kinds of answer accepted; said in our words rather than the transport's. */
function checkAccept(request: FastifyRequest) {
  const accept = String(request.headers.accept ?? '');
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    throw new AppError(406, 'not_acceptable', 'An MCP client must accept both application/json and text/event-stream');
  }
}

/**
 * The Model Context Protocol endpoint (Streamable HTTP, stateless: no session to keep, so any instance
 * answers any request). Only a personal API token with prompts:read gets in; the auth hook checks the
 * scope and the per-token rate limit before the body is read.
 */
export async function mcpRoutes(app: FastifyInstance) {
  // The same counters as the auth hook's per-token limit (one store per database).
  const tokenLimiter = new AttemptLimiter(attemptStoreFor(app.db));

  app.post(
    '/mcp',
    {
      config: { access: 'signedIn', token: 'prompts:read' },
      schema: {
        summary: 'Model Context Protocol (Streamable HTTP)',
        description:
          'JSON-RPC 2.0 messages of the Model Context Protocol: `initialize`, `prompts/list`, `prompts/get`, `tools/list`, `tools/call` (`search_prompts`, `get_prompt`). Send `Accept: application/json, text/event-stream`. Takes a personal API token only.',
        tags: MCP_TAGS,
        documentedRequestBody: { description: 'One JSON-RPC 2.0 message or a batch', content: { 'application/json': jsonRpcDocumented } },
        documentedResponses: {
          200: { description: 'The JSON-RPC answer (a protocol error is a JSON-RPC error in a 200)', content: { 'application/json': jsonRpcDocumented } },
        },
        errorStatuses: [400, 406, 413, 415, 429],
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.apiToken)
        throw unauthorized('The MCP server takes a personal API token: create one under API tokens in the user menu', 'api_token_required');
      checkAccept(request);
      checkEnvelope(request.body);
      // The auth hook counted this request once; every further call of a batch counts as well, or a
      // batch would be a way around API_TOKEN_RATE_LIMIT.
      const calls = Array.isArray(request.body) ? request.body.length : 1;
      if (calls > 1) await tokenLimiter.hit(reply, [tokenAttemptKey(request.apiToken.id, app.config.apiTokenRateLimit)], TOKEN_TOO_MANY, calls - 1);
      const baseUrl = app.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
      const server = buildMcpServer({ db: app.db, user, baseUrl, version: packageJson.version, log: request.log });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      // From here the transport writes the answer itself, so no onSend hook adds the API's headers.
      writeApiAnswerHeaders(reply.raw);
      reply.hijack();
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );

  // No server-initiated stream and no session to end: the protocol's answer for both is 405.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      config: { access: 'public' },
      schema: {
        summary: method === 'GET' ? 'No server-initiated stream (405)' : 'No session to end (405)',
        tags: MCP_TAGS,
        documentedResponses: { 405: { description: 'The MCP endpoint takes POST only', content: { 'application/json': errorBodySchema } } },
      },
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('Allow', 'POST')
          .send({ code: 'method_not_allowed', message: 'The MCP endpoint takes POST only (stateless Streamable HTTP)' } satisfies ErrorBody),
    });
  }
}

import { createHash } from 'node:crypto';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DOCS_PREFIX } from '../../plugins/openapi';
import { referencePageTheme } from './reference-page.theme';

/** The document's outline, as a client can rely on it; the rest is OpenAPI 3.1 itself. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
});

/**
 * GET /api/openapi.json, the API described as OpenAPI 3.1, and GET /api/docs, a reference page that
 * renders it (swagger-ui, served from this server: no CDN). Both public: the API's shape is no secret,
 * every call in it still checks who is calling.
 */
export async function apiDocsRoutes(app: FastifyInstance) {
  // Built once, on the first request (routes are all known by then), with an ETag: the document only
  // changes with a new version of the server, so a client revalidates it and usually gets a 304.
  let document: { json: string; etag: string } | undefined;
  const current = () => {
    if (!document) {
      const json = JSON.stringify(app.swagger());
      document = { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
    }
    return document;
  };

  app.get(
    '/api/openapi.json',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The OpenAPI document',
        description: 'This API described as OpenAPI 3.1, generated from the schemas the server validates with.',
        tags: ['API documentation'],
        documentedResponses: { 200: { description: 'The OpenAPI 3.1 document', content: { 'application/json': openApiDocumentSchema } } },
      },
      // After the security headers' `no-store` for every API answer: this one is the same for everybody.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode < 400) reply.header('Cache-Control', 'public, no-cache');
        return payload;
      },
    },
    async (request, reply) => {
      const { json, etag } = current();
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: referencePageTheme,
    // Sections start closed: over a hundred operations open at once make a long scroll (which swagger-ui
    // then draws as a virtual list, where the browser's find no longer reaches them).
    uiConfig: { layout: 'BaseLayout', deepLinking: false, docExpansion: 'none', defaultModelsExpandDepth: 0, displayRequestDuration: true },
  });
}

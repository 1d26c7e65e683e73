import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportQuery, exportQuerySchema } from '../../../shared/schemas/export';
import { notFound } from '../../errors';
import { requireAdmin } from '../../plugins/auth';
import { consumeDownloadTicket, issueDownloadTicket } from './download-tickets';
import { exportCount, openExport } from './export.service';

export async function exportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Streams the chosen data set with `Content-Disposition: attachment` and a dated file name. */
  async function sendExport(request: FastifyRequest, reply: FastifyReply, q: ExportQuery) {
    const date = new Date().toISOString().slice(0, 10);
    const filename = `ai-prompts-${q.type}-${date}.${q.format}`;
    const chunks = await openExport(app.db, q, (err) =>
      request.log.error({ err }, 'export failed after its first byte; the body ends with the failure marker'),
    );
    reply
      .header('Content-Type', q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'no-store');
    return reply.send(Readable.from(chunks));
  }

  r.get('/api/admin/export', { config: { access: 'admin' }, schema: { querystring: exportQuerySchema } }, async (request, reply) => {
    requireAdmin(request);
    return sendExport(request, reply, request.query);
  });

  /**
   * A browser cannot add a bearer header to a plain download, and reading the file through fetch would
   * hold all of it in memory. The page asks for a one-time link instead and lets the browser save the
   * stream to disk. The request is validated here, so the link can only fetch what an admin asked for.
   */
  r.post(
    '/api/admin/export/tickets',
    { config: { access: 'admin' }, schema: { body: exportQuerySchema, response: { 201: z.object({ url: z.string() }) } } },
    async (request, reply) => {
      const user = requireAdmin(request);
      const q = request.body;
      // Stored in the query's own spelling, so the download validates it with the same schema.
      const stored = { ...q, businessUnits: q.businessUnits.join(','), aiModels: q.aiModels.join(','), tags: q.tags.join(',') };
      const secret = await issueDownloadTicket(app.db, request.sessionId ?? '', user.id, stored);
      return reply.status(201).send({ url: `/api/downloads/${secret}` });
    },
  );

  /** The one-time link: the ticket is the credential, so the route is public and answers 404 to anything else. */
  r.get(
    '/api/downloads/:ticket',
    { config: { access: 'public' }, schema: { params: z.object({ ticket: z.string().min(1).max(100) }) } },
    async (request, reply) => {
      const found = await consumeDownloadTicket(app.db, request.params.ticket);
      if (!found || found.user.role !== 'admin') throw notFound('This download link has expired or was already used', 'download_link_invalid');
      const query = exportQuerySchema.safeParse(found.request);
      if (!query.success) throw notFound('This download link has expired or was already used', 'download_link_invalid');
      return sendExport(request, reply, query.data);
    },
  );

  r.get(
    '/api/admin/export/count',
    { config: { access: 'admin' }, schema: { querystring: exportQuerySchema, response: { 200: z.object({ count: z.number() }) } } },
    async (request) => {
      requireAdmin(request);
      return { count: await exportCount(app.db, request.query) };
    },
  );
}

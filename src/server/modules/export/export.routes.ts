import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportQuerySchema } from '../../../shared/schemas/export';
import { requireAdmin } from '../../plugins/auth';
import { exportCount, openExport } from './export.service';

export async function exportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A download streamed from the database: `Content-Disposition: attachment` with a dated file name. */
  r.get('/api/admin/export', { config: { access: 'admin' }, schema: { querystring: exportQuerySchema } }, async (request, reply) => {
    requireAdmin(request);
    const q = request.query;
    const date = new Date().toISOString().slice(0, 10);
    const filename = `ai-prompts-${q.type}-${date}.${q.format}`;
    const chunks = await openExport(app.db, q, (err) => request.log.error({ err }, 'export failed after its first byte; the body ends with the failure marker'));
    reply
      .header('Content-Type', q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'no-store');
    return reply.send(Readable.from(chunks));
  });

  r.get('/api/admin/export/count', { config: { access: 'admin' }, schema: { querystring: exportQuerySchema, response: { 200: z.object({ count: z.number() }) } } }, async (request) => {
    requireAdmin(request);
    return { count: await exportCount(app.db, request.query) };
  });
}

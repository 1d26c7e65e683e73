import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportQuery, exportQuerySchema } from '../../../shared/schemas/export';
import { notFound } from '../../errors';
import type { UserRow } from '../../db/schema';
import { requireAdmin } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';
import { AUDIT_DOWNLOAD_KIND, sendAuditCsv } from '../audit/audit.routes';
import { auditFiltersSchema } from '../../../shared/schemas/audit';
import { consumeDownloadTicket, issueDownloadTicket } from './download-tickets';
import { exportCount, openExport } from './export.service';
import { plural } from '../../../shared/plural';

const EXPORT_NOUNS: Record<ExportQuery['type'], string> = { prompts: 'prompt', users: 'user', 'business-units': 'business unit', 'form-fields': 'form field' };

/** The exported file, streamed: documented only (a stream is never serialized). */
const exportFile = {
  description: 'The file as an attachment named in Content-Disposition. A failure after the first byte ends it with a failure marker.',
  content: {
    'text/csv': z.string(),
    // Prompts in JSON: an object holding the prompts and the collections (their exported prompts' ids, in
    // order); the other data sets: an array of rows.
    'application/json': z.union([
      z.object({ prompts: z.array(z.record(z.string(), z.unknown())), collections: z.array(z.record(z.string(), z.unknown())) }),
      z.array(z.record(z.string(), z.unknown())),
    ]),
  },
};
const tags = ['Export'];

export async function exportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Streams the chosen data set with `Content-Disposition: attachment` and a dated file name. */
  async function sendExport(request: FastifyRequest, reply: FastifyReply, admin: UserRow, q: ExportQuery) {
    const date = new Date().toISOString().slice(0, 10);
    // Recorded as the download starts, with the rows it holds at that moment.
    const rows = await exportCount(app.db, q);
    const filters = {
      search: q.search,
      businessUnits: q.businessUnits,
      aiModels: q.aiModels,
      tags: q.tags,
      ...(q.collection ? { collection: q.collection } : {}),
    };
    const filtered = q.type === 'prompts' && (q.search || q.businessUnits.length || q.aiModels.length || q.tags.length || q.collection);
    await recordAudit(app.db, {
      actor: admin,
      action: 'data.exported',
      target: { type: 'export' },
      summary: `Exported ${rows} ${plural(rows, EXPORT_NOUNS[q.type])} as ${q.format.toUpperCase()}${filtered ? ' (filtered)' : ''}`,
      after: { type: q.type, format: q.format, rows, ...(q.type === 'prompts' ? { filters } : {}) },
    });
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

  r.get(
    '/api/admin/export',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Download prompts, members, business units or form fields as CSV or JSON',
        tags,
        querystring: exportQuerySchema,
        documentedResponses: { 200: exportFile },
      },
    },
    async (request, reply) => {
      return sendExport(request, reply, requireAdmin(request), request.query);
    },
  );

  /**
   * A browser cannot add a bearer header to a plain download, and reading the file through fetch would
   * hold all of it in memory. The page asks for a one-time link instead and lets the browser save the
   * stream to disk. The request is validated here, so the link can only fetch what an admin asked for.
   */
  r.post(
    '/api/admin/export/tickets',
    {
      // A one-time download link is for a browser session; a script downloads directly.
      config: { access: 'admin', token: 'never' },
      schema: {
        summary: 'Make a one-time link to download an export',
        description: 'For a browser, which cannot send a bearer header with a plain download. The link works once.',
        tags,
        body: exportQuerySchema,
        response: { 201: z.object({ url: z.string() }) },
      },
    },
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
    {
      config: { access: 'public' },
      schema: {
        summary: 'Download through a one-time link',
        description: 'The link is the credential: it works once, for the export or audit log an administrator asked for.',
        tags,
        params: z.object({ ticket: z.string().min(1).max(100) }),
        documentedResponses: { 200: exportFile },
      },
    },
    async (request, reply) => {
      const found = await consumeDownloadTicket(app.db, request.params.ticket);
      if (!found || found.user.role !== 'admin') throw notFound('This download link has expired or was already used', 'download_link_invalid');
      if (found.request.kind === AUDIT_DOWNLOAD_KIND) {
        const filters = auditFiltersSchema.safeParse(found.request);
        if (!filters.success) throw notFound('This download link has expired or was already used', 'download_link_invalid');
        return sendAuditCsv(app, reply, found.user, filters.data);
      }
      const query = exportQuerySchema.safeParse(found.request);
      if (!query.success) throw notFound('This download link has expired or was already used', 'download_link_invalid');
      return sendExport(request, reply, found.user, query.data);
    },
  );

  r.get(
    '/api/admin/export/count',
    {
      config: { access: 'admin' },
      schema: { summary: 'Count the rows an export would hold', tags, querystring: exportQuerySchema, response: { 200: z.object({ count: z.number() }) } },
    },
    async (request) => {
      requireAdmin(request);
      return { count: await exportCount(app.db, request.query) };
    },
  );
}

import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuditFilters, auditFiltersSchema, auditPageSchema, auditQuerySchema } from '../../../shared/schemas/audit';
import type { UserRow } from '../../db/schema';
import { requireAdmin } from '../../plugins/auth';
import { recordAudit } from './audit';
import { issueDownloadTicket } from '../export/download-tickets';
import { auditCsv, listAuditEvents } from './audit.query';

/** The kind a download ticket of the audit log is stored with (the downloads route dispatches on it). */
export const AUDIT_DOWNLOAD_KIND = 'audit-log';

/** Streams the filtered log as a dated CSV attachment; the download is itself an event (it holds addresses). */
export async function sendAuditCsv(app: FastifyInstance, reply: FastifyReply, admin: UserRow, filters: AuditFilters) {
  const date = new Date().toISOString().slice(0, 10);
  await recordAudit(app.db, {
    actor: admin,
    action: 'data.exported',
    target: { type: 'export' },
    summary: 'Exported the audit log as CSV',
    after: { type: 'audit-log', format: 'csv', filters },
  });
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="ai-prompts-audit-log-${date}.csv"`)
    .header('Cache-Control', 'no-store')
    .send(Readable.from(auditCsv(app.db, filters)));
}

export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  const tags = ['Audit log'];

  r.get(
    '/api/admin/audit',
    { config: admin, schema: { summary: 'List audit events, newest first', tags, querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => {
      requireAdmin(request);
      return listAuditEvents(app.db, request.query);
    },
  );

  r.get(
    '/api/admin/audit/export',
    {
      config: admin,
      schema: {
        summary: 'Download the audit log as CSV',
        tags,
        querystring: auditFiltersSchema,
        // Streamed: documented only (a stream is never serialized).
        documentedResponses: { 200: { description: 'The filtered log as a CSV attachment', content: { 'text/csv': z.string() } } },
      },
    },
    async (request, reply) => {
      return sendAuditCsv(app, reply, requireAdmin(request), request.query);
    },
  );

  /** A one-time link for the browser to save the CSV to disk, as for the data export. */
  r.post(
    '/api/admin/audit/export/tickets',
    {
      // A one-time download link is for a browser session; a script downloads directly.
      config: { ...admin, token: 'never' },
      schema: { summary: 'Make a one-time link to download the audit log', tags, body: auditFiltersSchema, response: { 201: z.object({ url: z.string() }) } },
    },
    async (request, reply) => {
      const user = requireAdmin(request);
      const secret = await issueDownloadTicket(app.db, request.sessionId ?? '', user.id, { ...request.body, kind: AUDIT_DOWNLOAD_KIND });
      return reply.status(201).send({ url: `/api/downloads/${secret}` });
    },
  );
}

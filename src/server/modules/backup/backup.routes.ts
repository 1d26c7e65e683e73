import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflict } from '../../errors';
import { BackupInProgressError, startEmbeddedBackup } from '../../lib/embedded-backup';
import { requireAdmin } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';

/** GET /api/admin/backup: a consistent copy of the embedded database, streamed as .tar.gz. */
export async function backupRoutes(app: FastifyInstance, opts: { embeddedDataDir: string | undefined }) {
  const schema = {
    summary: 'Download a backup of the embedded database',
    description: 'A consistent copy while the server runs. Only on the embedded database: on PostgreSQL the answer is 409 (use pg_dump).',
    tags: ['Backup'],
    // Streamed: documented only (a stream is never serialized).
    documentedResponses: { 200: { description: 'The data folder as a .tar.gz attachment', content: { 'application/gzip': z.file() } } },
    errorStatuses: [409],
  } as const;
  app.get('/api/admin/backup', { config: { access: 'admin', token: { sessionOnly: 'downloadBackup' } }, schema }, async (request, reply) => {
    const admin = requireAdmin(request);
    if (!opts.embeddedDataDir) {
      throw conflict('This server runs on PostgreSQL: back it up with pg_dump (see the README).', 'backup_not_embedded');
    }
    let backup;
    try {
      backup = await startEmbeddedBackup(app.db, opts.embeddedDataDir);
    } catch (err) {
      if (err instanceof BackupInProgressError) throw conflict(err.message, 'backup_running');
      throw err;
    }
    await recordAudit(app.db, { actor: admin, action: 'backup.created', target: { type: 'backup' }, summary: 'Downloaded a backup of the embedded database' });
    backup.done.then(
      ({ files }) => request.log.info({ event: 'backup', via: 'api', actor: admin.email, files }, 'embedded database backup downloaded'),
      (err: unknown) => request.log.error({ event: 'backup', via: 'api', actor: admin.email, err }, 'embedded database backup failed'),
    );
    const date = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
    return reply
      .header('Content-Type', 'application/gzip')
      .header('Content-Disposition', `attachment; filename="ai-prompts-backup-${date}.tar.gz"`)
      .send(backup.stream);
  });
}

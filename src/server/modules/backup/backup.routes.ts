import type { FastifyInstance } from 'fastify';
import { conflict } from '../../errors';
import { BackupInProgressError, startEmbeddedBackup } from '../../lib/embedded-backup';
import { requireAdmin } from '../../plugins/auth';

/** GET /api/admin/backup: a consistent copy of the embedded database, streamed as .tar.gz. */
export async function backupRoutes(app: FastifyInstance, opts: { embeddedDataDir: string | undefined }) {
  app.get('/api/admin/backup', { config: { access: 'admin' } }, async (request, reply) => {
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

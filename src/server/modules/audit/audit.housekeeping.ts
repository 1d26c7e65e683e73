import { registerHousekeepingJob } from '../../lib/housekeeping';
import { purgeAuditEvents } from './audit';

/** Audit events older than AUDIT_RETENTION_DAYS. */
registerHousekeepingJob('audit log', async (db, retention) => {
  await purgeAuditEvents(db, retention.auditRetentionDays);
});

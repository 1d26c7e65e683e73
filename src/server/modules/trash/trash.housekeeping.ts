import { registerHousekeepingJob } from '../../lib/housekeeping';
import { purgeTrash } from './trash.service';

/** Trashed prompts older than TRASH_RETENTION_DAYS. */
registerHousekeepingJob('trash', async (db, retention) => {
  await purgeTrash(db, retention.trashRetentionDays);
});

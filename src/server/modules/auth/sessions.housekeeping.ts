import { registerHousekeepingJob } from '../../lib/housekeeping';
import { deleteExpiredSessions } from './sessions.repo';

/** Sessions past their expiry or idle longer than SESSION_IDLE_DAYS. */
registerHousekeepingJob('sessions', (db, retention) => deleteExpiredSessions(db, retention.sessionIdleDays));

import { registerHousekeepingJob } from '../../lib/housekeeping';
import { deleteExpiredSsoRows } from './sso.repo';

/** Single sign-on logins never completed and hand-over codes never exchanged. */
registerHousekeepingJob('single sign-on', (db) => deleteExpiredSsoRows(db));

import { registerHousekeepingJob } from '../../lib/housekeeping';
import { deleteExpiredDownloadTickets } from './download-tickets';

/** Download links never used before they expired. */
registerHousekeepingJob('download tickets', (db) => deleteExpiredDownloadTickets(db));

import { registerHousekeepingJob } from '../lib/housekeeping';
import { deleteExpiredIdempotencyKeys } from './idempotency';

/** Idempotency keys older than their time-to-live. */
registerHousekeepingJob('idempotency keys', (db) => deleteExpiredIdempotencyKeys(db));

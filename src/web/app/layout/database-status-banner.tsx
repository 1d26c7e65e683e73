import { DATABASE_UNAVAILABLE_TEXT, useDatabaseUnavailable } from '../../lib/database-status';

/** A strip across the top while the server cannot reach its database; reads are retried meanwhile. */
export function DatabaseStatusBanner() {
  const unavailable = useDatabaseUnavailable();
  return (
    <div role="status" aria-live="polite" className={unavailable ? 'fixed inset-x-0 top-0 z-[60] bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900 shadow' : 'sr-only'}>
      {unavailable ? DATABASE_UNAVAILABLE_TEXT : ''}
    </div>
  );
}

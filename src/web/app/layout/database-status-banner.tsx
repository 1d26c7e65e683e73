import { DATABASE_UNAVAILABLE_TEXT, useDatabaseUnavailable } from '../../lib/database-status';

/** A strip along the bottom (never over the header or a dialog's buttons) while the server cannot reach its database; reads are retried meanwhile. */
export function DatabaseStatusBanner() {
  const unavailable = useDatabaseUnavailable();
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        unavailable
          ? 'fixed inset-x-0 bottom-0 z-[60] border-t border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900 shadow'
          : 'sr-only'
      }
    >
      {unavailable ? DATABASE_UNAVAILABLE_TEXT : ''}
    </div>
  );
}

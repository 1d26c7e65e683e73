import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { DATABASE_UNAVAILABLE_TEXT, SERVER_UNREACHABLE_TEXT, useServerStatusForStrip } from '../../lib/database-status';
import { retryFailedQueries } from '../../lib/query-client';

/**
 * A strip along the bottom (never over the header or a dialog's buttons) while the server cannot reach
 * its database, or cannot be reached at all; reads are retried meanwhile, and Retry tries them at once
 * (as does the browser coming back online). A page that says so in its own content silences it.
 */
export function DatabaseStatusBanner() {
  const status = useServerStatusForStrip();
  const queryClient = useQueryClient();
  useEffect(() => {
    const retry = () => void retryFailedQueries(queryClient);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [queryClient]);
  const shown = status !== 'answering';
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        shown
          ? 'fixed inset-x-0 bottom-0 z-[60] flex items-center justify-center gap-3 border-t border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900 shadow'
          : 'sr-only'
      }
    >
      {status === 'databaseUnavailable' ? DATABASE_UNAVAILABLE_TEXT : status === 'unreachable' ? SERVER_UNREACHABLE_TEXT : ''}
      {status === 'unreachable' ? (
        <Button variant="secondary" size="sm" onClick={() => void retryFailedQueries(queryClient)}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}

import type { AuditEvent } from '../../../../shared/schemas/audit';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { A_SCREENFUL_EARLY, useLoadMoreWhenVisible } from '../../../lib/use-load-more-when-visible';
import { cn } from '../../../lib/utils';
import { AUDIT_COLUMNS, AuditEventRow } from './audit-event-row';

interface Props {
  events: AuditEvent[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** The filters changed and the new events are on their way: the current ones are dimmed. */
  stale: boolean;
}

/**
 * The events, newest first. The next page loads by itself when the end of the list comes near; the
 * "Load more" button does the same for the keyboard and for anyone whose scrolling does not reach it.
 */
export function AuditEventList({ events, hasMore, loadingMore, loadMore, stale }: Props) {
  const sentinel = useLoadMoreWhenVisible(hasMore, loadingMore, loadMore, A_SCREENFUL_EARLY);

  return (
    <>
      <div aria-busy={stale} className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', stale && 'opacity-60 transition-opacity')}>
        {/* Column titles for sighted readers of the wide layout; each row's cells already say what they are. */}
        <div
          aria-hidden="true"
          className={cn(
            'hidden rounded-t-xl border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid',
            AUDIT_COLUMNS,
          )}
        >
          <span>Time</span>
          <span>Actor</span>
          <span>Event</span>
        </div>
        <ul aria-label="Audit events" className="divide-y divide-slate-100">
          {events.map((event) => (
            <AuditEventRow key={event.id} event={event} />
          ))}
        </ul>
      </div>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {hasMore ? (
        // The button stays while its page loads (only marked busy), so keyboard focus is not lost.
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => !loadingMore && loadMore()} aria-disabled={loadingMore}>
            {loadingMore ? <Spinner label="Loading more events..." /> : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}

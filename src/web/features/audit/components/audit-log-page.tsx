import { ScrollText, SearchX } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { toast } from '../../../lib/toast';
import { useAuditEvents } from '../api/audit-events';
import { useExportAuditLog } from '../api/export-audit-log';
import { toApiFilters, useAuditFilters } from '../hooks/use-audit-filters';
import { useDebouncedValue } from '../../../lib/text-input';
import { AuditEventList } from './audit-event-list';
import { AuditFilterBar } from './audit-filter-bar';
import { totalOf } from '../../../../shared/plural';
import { ErrorBox } from '../../../components/ui/error-box';

/** "1 event", "1,234 events", or "10,000+ events" when the server stopped counting. */
export function eventCountLabel(total: number, lowerBound: boolean): string {
  return totalOf(total, lowerBound, 'event');
}

const FILTER_FIELDS = ['actor', 'action', 'targetType', 'from', 'to'];

/** The per-field messages of a refused filter (400), which belong beside the fields rather than in place of the list. */
function filterErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fieldErrors) return undefined;
  return Object.keys(error.fieldErrors).some((field) => FILTER_FIELDS.includes(field)) ? error.fieldErrors : undefined;
}

/** /audit-log: who did what and when, filtered by actor, action, target and days, exportable as CSV. */
export function AuditLogPage() {
  usePageTitle('Audit Log');
  const filters = useAuditFilters();
  const actor = useDebouncedValue(filters.values.actor);
  const applied = toApiFilters({ ...filters.values, actor });
  const list = useAuditEvents(applied);
  const exporter = useExportAuditLog();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  const events = list.data?.pages.flatMap((p) => p.items) ?? [];
  const first = list.data?.pages[0];
  const fieldErrors = filterErrors(list.error);

  const exportCsv = () =>
    // The export follows the filters as they stand in the bar, even if the list is still catching up with typing.
    exporter.mutate(toApiFilters(filters.values), {
      onSuccess: () => toast({ title: 'Export started', description: 'Your browser is downloading the file.' }),
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to export the audit log'), variant: 'destructive' }),
    });

  return (
    <>
      <PageHeader title="Audit Log" description="Who signed in, changed or exported what, and when, newest first. From and To are UTC days." />
      <AuditFilterBar
        values={filters.values}
        onChange={filters.set}
        onClear={filters.active ? filters.clear : undefined}
        onExport={exportCsv}
        exporting={exporter.isPending}
        errors={fieldErrors}
        count={first && !list.isError ? eventCountLabel(first.total, first.totalIsLowerBound) : ''}
      />
      {list.isLoading ? (
        <ListSkeleton label="Loading the audit log..." />
      ) : fieldErrors ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">Correct the filters above to see events.</p>
      ) : list.isError ? (
        <ErrorBox onRetry={() => void list.refetch()}>
          <p>Error loading the audit log: {errorMessage(list.error, list.error.message)}</p>
        </ErrorBox>
      ) : events.length === 0 ? (
        filters.active ? (
          <EmptyState
            icon={SearchX}
            title="No events match these filters."
            description="Try another actor or action, or a wider range of days."
            action={
              <Button variant="secondary" onClick={filters.clear}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState icon={ScrollText} title="No events yet." description="Sign-ins, changes and exports appear here as they happen." />
        )
      ) : (
        <AuditEventList events={events} hasMore={Boolean(hasNextPage)} loadingMore={isFetchingNextPage} loadMore={loadMore} stale={list.isPlaceholderData} />
      )}
    </>
  );
}

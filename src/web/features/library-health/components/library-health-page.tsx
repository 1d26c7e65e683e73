import { Copy, Download, ExternalLink, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { ClusterJob, DuplicateCluster } from '../../../../shared/schemas/library-health';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorBox } from '../../../components/ui/error-box';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { formatDate } from '../../../lib/utils';
import { downloadClustersCsv, useBusinessUnitNames, useDuplicateClusters, useStartClusterJob } from '../api/duplicates';
import { MergeDialog } from './merge-dialog';

/** "Last computed Nov 29, 2026", or how far a run has come. */
function JobLine({ job }: { job: ClusterJob | undefined }) {
  if (!job) return null;
  if (job.state === 'running') {
    const share = job.total ? Math.min(100, Math.round((job.processed / job.total) * 100)) : 0;
    return (
      <div className="space-y-1.5">
        <p className="text-sm text-slate-700">
          Computing: {job.processed.toLocaleString('en-US')} of {job.total.toLocaleString('en-US')} prompts compared.
        </p>
        <div
          role="progressbar"
          aria-label="Near-copies computed"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
          className="h-2 rounded-full bg-slate-200"
        >
          <div className="h-2 rounded-full bg-brand-600 transition-[width]" style={{ width: `${share}%` }} />
        </div>
      </div>
    );
  }
  return <p className="text-sm text-slate-600">{job.finishedAt ? `Last computed ${formatDate(job.finishedAt)}.` : 'Not computed yet.'}</p>;
}

function ClusterCard({ cluster, onMerge }: { cluster: DuplicateCluster; onMerge: () => void }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-900">
          {cluster.prompts.length} prompts, up to {Math.round(cluster.topSimilarity * 100)} % alike
        </p>
        <Button variant="secondary" size="sm" onClick={onMerge} aria-label={`Merge: ${cluster.prompts.map((p) => p.title).join(', ')}`}>
          Merge
        </Button>
      </div>
      <ul className="divide-y divide-slate-100">
        {cluster.prompts.map((p) => (
          <li key={p.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
            <a
              href={paths.prompt(p.id)}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-w-0 items-baseline gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              <span className="[overflow-wrap:anywhere]" dir="auto">
                {p.title}
              </span>
              <ExternalLink className="h-3.5 w-3.5 shrink-0 self-center" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <span className="shrink-0 text-xs text-slate-600">
              {p.ownerName} · {p.businessUnit} · {formatDate(p.updatedAt)}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * /library-health (administrators): the near-copies of the whole library, grouped, largest group first,
 * each with Merge. The groups are computed in the background (the page shows how far, and when they were
 * last computed); a unit narrows them, and they download as CSV.
 */
export function LibraryHealthPage() {
  usePageTitle('Library Health');
  const [unit, setUnit] = useState('');
  const [merging, setMerging] = useState<DuplicateCluster | null>(null);
  const start = useStartClusterJob();
  const clusters = useDuplicateClusters(unit);
  const units = useBusinessUnitNames();
  const items = clusters.data?.pages.flatMap((p) => p.items) ?? [];
  const job = clusters.data?.pages[0]?.job;
  const running = job?.state === 'running';

  return (
    <div className="max-w-4xl">
      <PageHeader title="Library Health" description="Near-copies of the same prompt across the library: merge each group into the one prompt worth keeping." />
      <Card className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0 flex-1">
            <h2 className="mb-1 text-base font-semibold text-slate-900">Near-copies</h2>
            <JobLine job={job} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => start.mutate()} disabled={running || start.isPending}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> {running ? 'Computing…' : 'Compute again'}
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                void downloadClustersCsv(unit).catch((err: unknown) =>
                  toast({ title: 'Error', description: errorMessage(err, 'The file could not be made.'), variant: 'destructive' }),
                )
              }
            >
              <Download className="h-4 w-4" aria-hidden="true" /> Download CSV
            </Button>
          </div>
        </div>
        <FormField label="Business unit" className="sm:max-w-xs">
          <NativeSelect value={unit} onChange={(e) => setUnit(e.target.value)}>
            <option value="">Every unit</option>
            {(units.data ?? []).map((u) => (
              <option key={u.name} value={u.name}>
                {u.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {clusters.isError ? (
          <ErrorBox onRetry={() => void clusters.refetch()}>{errorMessage(clusters.error, 'The near-copies could not be loaded.')}</ErrorBox>
        ) : null}
        {clusters.isLoading ? <ListSkeleton label="Loading near-copies..." rows={3} /> : null}
        {clusters.isSuccess && !items.length ? (
          <EmptyState
            icon={Copy}
            title={unit ? `No near-copies in ${unit}` : 'No near-copies found'}
            description={job?.finishedAt ? 'Every prompt is its own. Compute again after the library grows.' : 'Compute them to see the groups.'}
          />
        ) : null}
        {items.length ? (
          <ul className="space-y-3" aria-label="Groups of near-copies">
            {items.map((c) => (
              <ClusterCard key={c.id} cluster={c} onMerge={() => setMerging(c)} />
            ))}
          </ul>
        ) : null}
        {clusters.hasNextPage ? (
          <Button variant="secondary" onClick={() => void clusters.fetchNextPage()} disabled={clusters.isFetchingNextPage}>
            {clusters.isFetchingNextPage ? 'Loading...' : 'Show more'}
          </Button>
        ) : null}
      </Card>
      {merging ? <MergeDialog cluster={merging} onClose={() => setMerging(null)} /> : null}
    </div>
  );
}

import { Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { ClusterJob, DuplicateCluster } from '../../../../shared/schemas/library-health';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/utils';
import { type HealthParams, useHealthList, useStartClusterJob } from '../api/health-lists';
import { CsvButton, HealthListPanel, PromptLink } from './health-list-panel';
import { MergeDialog } from './merge-dialog';

/** "Last computed Nov 29, 2026", or how far a run has come. */
function JobLine({ job }: { job: ClusterJob | undefined }) {
  if (!job) return <p>Groups of prompts that say nearly the same.</p>;
  if (job.state === 'running') {
    const share = job.total ? Math.min(100, Math.round((job.processed / job.total) * 100)) : 0;
    return (
      <div className="space-y-1.5">
        <p className="text-slate-700">
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
  return <p>Groups of prompts that say nearly the same. {job.finishedAt ? `Last computed ${formatDate(job.finishedAt)}.` : 'Not computed yet.'}</p>;
}

function ClusterCard({ cluster, onMerge }: { cluster: DuplicateCluster; onMerge: (() => void) | null }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-900">
          {cluster.prompts.length} prompts, up to {Math.round(cluster.topSimilarity * 100)} % alike
        </p>
        {onMerge ? (
          <Button variant="secondary" size="sm" onClick={onMerge} aria-label={`Merge: ${cluster.prompts.map((p) => p.title).join(', ')}`}>
            Merge
          </Button>
        ) : null}
      </div>
      <ul className="divide-y divide-slate-100">
        {cluster.prompts.map((p) => (
          <li key={p.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
            <PromptLink id={p.id} title={p.title} />
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
 * The near-copies, grouped, largest group first. Administrators start the background job that groups
 * them (the panel shows how far it has come) and merge each group into the one prompt worth keeping.
 */
export function DuplicatesPanel({ params, isAdmin }: { params: HealthParams; isAdmin: boolean }) {
  const [merging, setMerging] = useState<DuplicateCluster | null>(null);
  const start = useStartClusterJob();
  const query = useHealthList('duplicates', params);
  const job = query.data?.pages[0]?.job;
  const running = job?.state === 'running';
  return (
    <>
      <HealthListPanel
        title="Near-copies"
        noun="near-copies"
        summary={<JobLine job={job} />}
        query={query}
        actions={
          <>
            {isAdmin ? (
              <Button variant="secondary" onClick={() => start.mutate()} disabled={running || start.isPending}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" /> {running ? 'Computing…' : 'Compute again'}
              </Button>
            ) : null}
            <CsvButton list="duplicates" params={params} filename="near-copies.csv" />
          </>
        }
        empty={{
          icon: Copy,
          title: params.unit ? `No near-copies in ${params.unit}` : 'No near-copies found',
          description: job?.finishedAt ? 'Every prompt is its own. Compute again after the library grows.' : 'Compute them to see the groups.',
        }}
      >
        {(items) => (
          <ul className="space-y-3" aria-label="Groups of near-copies">
            {items.map((c) => (
              <ClusterCard key={c.id} cluster={c} onMerge={isAdmin ? () => setMerging(c) : null} />
            ))}
          </ul>
        )}
      </HealthListPanel>
      {merging ? <MergeDialog cluster={merging} onClose={() => setMerging(null)} /> : null}
    </>
  );
}

import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Download, ExternalLink, type LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorBox } from '../../../components/ui/error-box';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { downloadHealthCsv, type HealthList, type HealthParams } from '../api/health-lists';

/** A prompt's title as a link that opens the prompt in a new tab, so the list keeps its place. */
export function PromptLink({ id, title }: { id: string; title: string }) {
  return (
    <a
      href={paths.prompt(id)}
      target="_blank"
      rel="noreferrer"
      className="inline-flex min-w-0 items-baseline gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <span className="[overflow-wrap:anywhere]" dir="auto">
        {title}
      </span>
      <ExternalLink className="h-3.5 w-3.5 shrink-0 self-center" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export function CsvButton({ list, params, filename }: { list: HealthList; params: HealthParams; filename: string }) {
  return (
    <Button
      variant="secondary"
      onClick={() =>
        void downloadHealthCsv(list, params, filename).catch((err: unknown) =>
          toast({ title: 'Error', description: errorMessage(err, 'The file could not be made.'), variant: 'destructive' }),
        )
      }
    >
      <Download className="h-4 w-4" aria-hidden="true" /> Download CSV
    </Button>
  );
}

interface PanelProps<Page extends { items: unknown[] }> {
  title: string;
  /** What the list holds, in a sentence (or a job's state). */
  summary: ReactNode;
  /** The list's own controls (a period, an order) and its buttons. */
  controls?: ReactNode;
  actions: ReactNode;
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  empty: { icon: LucideIcon; title: string; description: string };
  /** What a page's loading and error say, e.g. "unused prompts". */
  noun: string;
  children: (items: Page['items']) => ReactNode;
}

/** One Library Health list: its title and controls, then its rows, a page at a time, or why there are none. */
export function HealthListPanel<Page extends { items: unknown[] }>({ title, summary, controls, actions, query, empty, noun, children }: PanelProps<Page>) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="mb-1 text-base font-semibold text-slate-900">
            {title}
          </h2>
          <div className="text-sm text-slate-600">{summary}</div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
      </div>
      {controls}
      {query.isError ? <ErrorBox onRetry={() => void query.refetch()}>{errorMessage(query.error, `The ${noun} could not be loaded.`)}</ErrorBox> : null}
      {query.isLoading ? <ListSkeleton label={`Loading ${noun}...`} rows={3} /> : null}
      {query.isSuccess && !items.length ? <EmptyState icon={empty.icon} title={empty.title} description={empty.description} /> : null}
      {items.length ? children(items) : null}
      {query.hasNextPage ? (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
    </section>
  );
}

/** A row of a prompt list: its link, who owns it and where, and what the list says of it. */
export function PromptRow({
  id,
  title,
  ownerName,
  businessUnit,
  detail,
}: {
  id: string;
  title: string;
  ownerName: string;
  businessUnit: string;
  detail: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <PromptLink id={id} title={title} />
        <p className="text-xs text-slate-600">
          {ownerName} · {businessUnit}
        </p>
      </div>
      <p className="shrink-0 text-sm text-slate-700 sm:text-right">{detail}</p>
    </li>
  );
}

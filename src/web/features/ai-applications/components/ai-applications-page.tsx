import { Bot, GitMerge, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminAiModel, AiModel } from '../../../../shared/schemas/catalog';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useAdminAiApplications } from '../api/ai-application-admin';
import { AiApplicationDialog } from './ai-application-dialog';
import { promptCount } from './ai-application-wording';
import { DeleteAiApplicationDialog } from './delete-ai-application-dialog';
import { MergeAiApplicationDialog } from './merge-ai-application-dialog';
import { ErrorBox } from '../../../components/ui/error-box';

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; model: AiModel }
  | { kind: 'delete'; model: AdminAiModel }
  | { kind: 'merge'; model: AdminAiModel; into?: string; fromDelete?: boolean }
  | null;

/** What the runner offers for the application: its launch URL, else its home URL, else only Copy. */
function Addresses({ model }: { model: AdminAiModel }) {
  const line = 'truncate font-mono text-xs text-slate-500';
  if (!model.launchUrl && !model.homeUrl) return <p className="text-xs text-slate-500">No address: prompts are copied, not opened</p>;
  return (
    <>
      {model.launchUrl ? (
        <p className={line} title={model.launchUrl}>
          <span className="font-sans text-slate-600">Open in: </span>
          {model.launchUrl}
        </p>
      ) : null}
      {model.homeUrl ? (
        <p className={line} title={model.homeUrl}>
          <span className="font-sans text-slate-600">{model.launchUrl ? 'Home: ' : 'Copy & open: '}</span>
          {model.homeUrl}
        </p>
      ) : null}
    </>
  );
}

/** Edit, Merge and Delete: words from the small breakpoint up, icons named for screen readers below it. */
function RowActions({ model, onOpen }: { model: AdminAiModel; onOpen: (open: Open) => void }) {
  const action = 'px-2 sm:px-3';
  return (
    <div className="flex shrink-0 gap-1">
      <Button variant="ghost" size="sm" className={action} aria-label={`Edit ${model.name}`} onClick={() => onOpen({ kind: 'edit', model })}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
        <span className="hidden sm:inline">Edit</span>
      </Button>
      <Button variant="ghost" size="sm" className={action} aria-label={`Merge ${model.name}`} onClick={() => onOpen({ kind: 'merge', model })}>
        <GitMerge className="h-4 w-4" aria-hidden="true" />
        <span className="hidden sm:inline">Merge…</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className={`${action} text-red-700 hover:bg-red-50`}
        aria-label={`Delete ${model.name}`}
        // One that prompts name cannot go: its Delete offers the merge that retires it.
        onClick={() => onOpen(model.prompts > 0 ? { kind: 'merge', model, fromDelete: true } : { kind: 'delete', model })}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        <span className="hidden sm:inline">Delete</span>
      </Button>
    </div>
  );
}

/** /ai-applications: the applications prompts are written for, how the runner opens each, and how many prompts name it. */
export function AiApplicationsPage() {
  usePageTitle('AI Applications');
  const { data: models, isLoading, isError, error, refetch } = useAdminAiApplications();
  const [open, setOpen] = useState<Open>(null);
  const close = (isOpen: boolean) => !isOpen && setOpen(null);
  const all = models ?? [];
  return (
    <>
      <PageHeader
        title="AI Applications"
        description="Name the applications prompts are written for, and where “Open in …” and “Copy & open” take people."
        actions={
          <Button onClick={() => setOpen({ kind: 'add' })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add AI Application
          </Button>
        }
      />
      {isLoading ? (
        <ListSkeleton label="Loading AI applications..." rows={4} />
      ) : isError ? (
        <ErrorBox onRetry={() => void refetch()}>
          <p>Error loading AI applications: {errorMessage(error, error.message)}</p>
        </ErrorBox>
      ) : all.length === 0 ? (
        <EmptyState icon={Bot} title="No AI applications yet" description="Add one here, or on the prompt form." />
      ) : (
        <Card className="p-0">
          <ul aria-label="AI applications" className="divide-y divide-slate-100">
            {all.map((m) => (
              <li key={m.id} className="flex items-center gap-3 px-4 py-3 sm:gap-4 sm:px-5">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium break-words text-slate-900 [overflow-wrap:anywhere]" dir="auto">
                      {m.name}
                    </span>
                    <span className="text-xs whitespace-nowrap text-slate-500 tabular-nums">{promptCount(m.prompts)}</span>
                  </p>
                  <Addresses model={m} />
                </div>
                <RowActions model={m} onOpen={setOpen} />
              </li>
            ))}
          </ul>
        </Card>
      )}
      {open?.kind === 'add' || open?.kind === 'edit' ? (
        <AiApplicationDialog
          model={open.kind === 'edit' ? open.model : undefined}
          models={all}
          onOpenChange={close}
          onMergeInstead={(source, into) => {
            const counted = all.find((m) => m.id === source.id);
            if (counted) setOpen({ kind: 'merge', model: counted, into: into.id });
          }}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteAiApplicationDialog model={open.model} onOpenChange={close} onMergeInstead={(model) => setOpen({ kind: 'merge', model, fromDelete: true })} />
      ) : null}
      {open?.kind === 'merge' ? (
        <MergeAiApplicationDialog source={open.model} models={all} initialInto={open.into} fromDelete={open.fromDelete} onOpenChange={close} />
      ) : null}
    </>
  );
}

import { GitCompare, RotateCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Prompt, PromptVersionSummary } from '../../../../shared/schemas/prompts';
import type { FormField } from '../../../../shared/schemas/form-fields';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NativeSelect } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useWideLayout } from '../../../lib/use-media-query';
import { cn, formatDate } from '../../../lib/utils';
import { useRestoreVersion, useVersion, useVersionList } from '../api/prompt-history-queries';
import { type DiffField, VersionDiff } from './version-diff';
import { ErrorBox } from '../../../components/ui/error-box';

const BUILT_IN_LABELS: Record<string, string> = {
  title: 'Title',
  content: 'Content',
  notes: 'Notes',
  aiModels: 'AI Applications',
  tags: 'Tags',
  userBusinessUnit: 'Business Unit',
};

const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim() || 'a former member';
const editorName = (v: PromptVersionSummary) => `${v.editor.firstName} ${v.editor.lastName}`.trim() || 'A former member';

/** Every field a diff can show: the built-in ones, then the custom fields of the form and of the versions. */
function diffFields(fields: FormField[], versions: PromptVersionSummary[]): DiffField[] {
  const custom = new Map(fields.filter((f) => !(f.name in BUILT_IN_LABELS)).map((f) => [`customFields.${f.name}`, f.label]));
  for (const v of versions) for (const key of v.changedFields) if (key.startsWith('customFields.') && !custom.has(key)) custom.set(key, key.slice(13));
  return [...Object.entries(BUILT_IN_LABELS).map(([key, label]) => ({ key, label })), ...[...custom].map(([key, label]) => ({ key, label }))];
}

function changedLabel(v: PromptVersionSummary, fields: DiffField[]): string {
  if (v.number === 1) return 'Created';
  const labels = v.changedFields.map((key) => fields.find((f) => f.key === key)?.label ?? key);
  return labels.length ? `Changed ${labels.join(', ')}` : 'No field changed';
}

/**
 * The History tab: every version with who saved it, when and why; a comparison of any two, word by
 * word (side by side on wide screens); and, for the owner and admins, Restore.
 */
export function PromptHistory({ prompt, fields }: { prompt: Prompt; fields: FormField[] }) {
  const list = useVersionList(prompt.id);
  const versions = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const latest = versions[0]?.number ?? prompt.version;
  const [picked, setPicked] = useState<{ from: number; to: number } | null>(null);
  const to = picked?.to ?? latest;
  const from = picked?.from ?? Math.max(1, latest - 1);
  const before = useVersion(prompt.id, from);
  const after = useVersion(prompt.id, to);
  const restore = useRestoreVersion(prompt.id);
  const [restoring, setRestoring] = useState<number | null>(null);
  const wide = useWideLayout();
  const allFields = useMemo(() => diffFields(fields, versions), [fields, versions]);

  if (list.isLoading) return <Spinner label="Loading history..." />;
  if (list.isError)
    return (
      <ErrorBox>
        <p>Could not load the history: {errorMessage(list.error, list.error.message)}</p>
      </ErrorBox>
    );
  const numbers = versions.map((v) => v.number);
  const choose = (label: string, value: number, onChange: (n: number) => void) => (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      {label}
      <NativeSelect className="h-9 w-auto" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {numbers.map((n) => (
          <option key={n} value={n}>
            Version {n}
          </option>
        ))}
      </NativeSelect>
    </label>
  );

  return (
    <div className="space-y-6">
      <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Versions">
        {versions.map((v) => (
          <li key={v.number} className={cn('flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between', v.number === to && 'bg-slate-50')}>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">
                Version {v.number}
                {v.number === latest ? (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">Current</span>
                ) : null}
              </p>
              <p className="text-xs text-slate-600">
                {editorName(v)}
                {/* An accepted suggested edit: saved by whoever accepted it, written by its suggester. */}
                {v.suggestedBy ? ` · Suggested by ${personName(v.suggestedBy)}` : ''} · {formatDate(v.createdAt)} · {changedLabel(v, allFields)}
              </p>
              {v.note ? (
                <p className="mt-1 text-sm break-words text-slate-700 [overflow-wrap:anywhere]" dir="auto">
                  “{v.note}”
                </p>
              ) : null}
            </div>
            <div className="flex shrink-0 gap-2">
              {v.number > 1 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setPicked({ from: v.number - 1, to: v.number })}
                  aria-label={`Compare version ${v.number} with version ${v.number - 1}`}
                >
                  <GitCompare className="h-4 w-4" aria-hidden="true" /> Compare
                </Button>
              ) : null}
              {prompt.canEdit && v.number !== latest ? (
                <Button variant="secondary" size="sm" onClick={() => setRestoring(v.number)} aria-label={`Restore version ${v.number}`}>
                  <RotateCcw className="h-4 w-4" aria-hidden="true" /> Restore
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {list.hasNextPage ? (
        <Button variant="secondary" size="sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          Show older versions
        </Button>
      ) : null}

      {numbers.length > 1 ? (
        <section aria-label="Compare versions" className="space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            {choose('Compare', from, (n) => setPicked({ from: n, to }))}
            {choose('with', to, (n) => setPicked({ from, to: n }))}
          </div>
          {before.data && after.data ? (
            <VersionDiff before={before.data} after={after.data} fields={allFields} layout={wide ? 'split' : 'unified'} />
          ) : (
            <Spinner label="Loading versions..." />
          )}
        </section>
      ) : (
        <p className="text-sm text-slate-500">This prompt has one version. Each saved change adds one here.</p>
      )}

      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title={`Restore version ${restoring ?? ''}?`}
        description="Its title, content, notes, tags, AI applications and fields become the current ones, saved as a new version. Nothing is lost: the current version stays in the history."
        confirmLabel="Restore"
        pending={restore.isPending}
        onConfirm={async () => {
          if (restoring === null) return;
          try {
            await restore.mutateAsync(restoring);
            toast({ title: `Version ${restoring} restored` });
            setPicked(null);
          } catch (err) {
            toast({ title: 'Error', description: errorMessage(err, 'Could not restore the version'), variant: 'destructive' });
          } finally {
            setRestoring(null);
          }
        }}
      />
    </div>
  );
}

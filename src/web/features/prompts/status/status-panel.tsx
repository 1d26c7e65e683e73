import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Prompt } from '../../../../shared/schemas/prompts';
import type { PromptStatus } from '../../../../shared/prompt-status';
import { statusChoices } from '../../../../shared/policies/prompt-status';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { formatDate } from '../../../lib/utils';
import { useChangeStatus } from './status-queries';

const DeprecateDialog = lazy(() => import('./deprecate-dialog').then((m) => ({ default: m.DeprecateDialog })));

/** Each move's button text, by where the prompt is now. */
function actionLabel(from: PromptStatus, to: PromptStatus): string {
  if (to === 'verified') return from === 'verified' ? 'Verify again' : 'Verify';
  if (to === 'draft') return 'Move to drafts';
  if (to === 'deprecated') return 'Deprecate…';
  return from === 'verified' ? 'Remove verification' : from === 'deprecated' ? 'Publish again' : 'Publish';
}

const DONE: Record<PromptStatus, string> = {
  draft: 'Moved to drafts',
  published: 'Prompt published',
  verified: 'Prompt verified',
  deprecated: 'Prompt deprecated',
};

/** What the prompt's status says to its readers: who vouched for it, or that it is a draft or deprecated. */
function StatusNote({ prompt }: { prompt: Prompt }) {
  const person = prompt.verifiedBy ? `${prompt.verifiedBy.firstName} ${prompt.verifiedBy.lastName}`.trim() : 'a curator';
  if (prompt.status === 'verified') {
    return (
      <p className="text-sm text-emerald-800">
        Verified by {person} on {formatDate(prompt.verifiedAt)}
        {prompt.needsReview ? <span className="text-amber-800"> · Needs review since {formatDate(prompt.reviewBy)}</span> : null}
      </p>
    );
  }
  if (prompt.status === 'draft') {
    return <p className="text-sm text-slate-600">Draft: only its owners and administrators see it, and it is listed only in My Prompts.</p>;
  }
  if (prompt.status === 'deprecated') {
    return (
      <div role="note" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        <p className="font-medium">This prompt is deprecated.</p>
        {prompt.replacement ? (
          <p>
            Use instead:{' '}
            <Link to={paths.prompt(prompt.replacement.id)} className="font-medium underline" dir="auto">
              {prompt.replacement.title}
            </Link>
          </p>
        ) : (
          <p>It is kept for those who use it, but no longer recommended.</p>
        )}
      </div>
    );
  }
  return null;
}

/** The status's note and, for its editors and curators, the moves they may make. */
export function StatusPanel({ prompt }: { prompt: Prompt }) {
  const change = useChangeStatus(prompt.id);
  const [deprecating, setDeprecating] = useState(false);
  const choices = statusChoices({ edits: prompt.canEdit, curates: prompt.canCurate }, prompt.status);
  const move = (to: PromptStatus) => {
    if (to === 'deprecated') return setDeprecating(true);
    change.mutate(
      { status: to },
      {
        onSuccess: () => toast({ title: DONE[to] }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'The status could not be changed. Try again.'), variant: 'destructive' }),
      },
    );
  };
  if (prompt.status === 'published' && !choices.length) return null;
  return (
    <div className="flex flex-col gap-2">
      <StatusNote prompt={prompt} />
      {choices.length ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Status">
          {choices.map((to) => (
            <Button
              key={to}
              size="sm"
              variant={to === 'published' && prompt.status === 'draft' ? 'primary' : 'secondary'}
              disabled={change.isPending}
              onClick={() => move(to)}
            >
              {actionLabel(prompt.status, to)}
            </Button>
          ))}
        </div>
      ) : null}
      {deprecating ? (
        <Suspense fallback={null}>
          <DeprecateDialog prompt={prompt} onClose={() => setDeprecating(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

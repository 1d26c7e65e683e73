import { Archive, CircleCheck, Loader2 } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import type { Prompt } from '../../../../shared/schemas/prompts';
import type { ReviewItem, StatusChange } from '../../../../shared/schemas/status';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { formatDate } from '../../../lib/utils';

export type ReviewAction = 'verify' | 'deprecate';

/**
 * The status change of one prompt: the prompts feature's useChangeStatus, handed in by the app (one
 * feature does not import another), which also refreshes the queue and the prompt's other views.
 */
export type ChangeStatusHook = (promptId: string) => {
  isPending: boolean;
  variables: StatusChange | undefined;
  mutateAsync: (change: StatusChange) => Promise<Prompt>;
};

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** "Verified by Cora Curator on Jan 5, 2026", leaving out what the server no longer knows (a deleted verifier). */
export function verifiedLine(item: Pick<ReviewItem, 'verifiedBy' | 'verifiedAt'>): string {
  const by = item.verifiedBy ? ` by ${fullName(item.verifiedBy) || 'a member'}` : '';
  const on = item.verifiedAt ? ` on ${formatDate(item.verifiedAt)}` : '';
  return `Verified${by}${on}`;
}

/** In place of a button's icon while its change is under way (the words stay: they are part of its name). */
const Spin = () => <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />;

interface Props {
  item: ReviewItem;
  useChangeStatus: ChangeStatusHook;
  /** The row's first button, so that the page can move focus to it when the row above it leaves. */
  firstButtonRef?: Ref<HTMLButtonElement>;
  /** Called as an action starts; the promise it returns settles with the page's reaction (toast, focus). */
  onAction: (item: ReviewItem, action: ReviewAction, run: () => Promise<Prompt>) => void;
}

/** One prompt due for review: what it is, whose, who verified it and when review was due; Verify again and Deprecate. */
export function ReviewRow({ item, useChangeStatus, firstButtonRef, onAction }: Props) {
  const change = useChangeStatus(item.id);
  const busy = change.isPending;
  const act = (action: ReviewAction, body: StatusChange) => {
    // The buttons stay focusable while the change is under way (marked busy, not disabled): a disabled
    // button would drop the keyboard focus to the page's body before the row leaves.
    if (busy) return;
    onAction(item, action, () => change.mutateAsync(body));
  };
  const pendingAction = busy ? (change.variables?.status === 'deprecated' ? 'deprecate' : 'verify') : null;
  return (
    <li className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between" aria-busy={busy || undefined}>
      <div className="min-w-0 space-y-1">
        <Link
          to={paths.prompt(item.id)}
          className="block font-medium break-words text-slate-900 [overflow-wrap:anywhere] hover:text-brand-700 hover:underline"
          dir="auto"
        >
          {item.title}
        </Link>
        <p className="text-sm text-slate-600">
          <span dir="auto">{fullName(item.user)}</span> · <span dir="auto">{item.userBusinessUnit}</span>
        </p>
        <p className="text-xs text-slate-600">
          {verifiedLine(item)} · {/* Wraps as a whole on a phone rather than between "Review" and "was due". */}
          <span className="inline-block font-medium text-amber-800">Review was due {formatDate(item.reviewBy)}</span>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          ref={firstButtonRef}
          variant="secondary"
          size="sm"
          // The visible words first, then the title: speech users say what they see ("Verify again").
          aria-label={`Verify again “${item.title}”`}
          aria-disabled={busy || undefined}
          onClick={() => act('verify', { status: 'verified' })}
        >
          {pendingAction === 'verify' ? <Spin /> : <CircleCheck className="h-4 w-4 text-emerald-600" aria-hidden="true" />}
          Verify again
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          aria-label={`Deprecate “${item.title}”`}
          aria-disabled={busy || undefined}
          onClick={() => act('deprecate', { status: 'deprecated' })}
        >
          {pendingAction === 'deprecate' ? <Spin /> : <Archive className="h-4 w-4" aria-hidden="true" />}
          Deprecate
        </Button>
      </div>
    </li>
  );
}

import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck, UserRoundCheck } from 'lucide-react';
import { type Ref, useEffect, useRef } from 'react';
import type { Prompt } from '../../../../shared/schemas/prompts';
import type { ReviewItem, ReviewQueue } from '../../../../shared/schemas/status';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailure, useLoadFailure } from '../../../components/ui/load-failure';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { formatDate } from '../../../lib/utils';
import { useReviewQueue } from '../api/review-queue';
import { type ChangeStatusHook, type ReviewAction, ReviewRow } from './review-row';

const TITLE = 'Review queue';
const ERROR_LABEL = 'Error loading the review queue';

/** Who may curate: admins all prompts, other members those of the units an admin gave them. */
const curatesSomething = (user: { role: string; curatorUnits: readonly string[] } | null | undefined) =>
  Boolean(user && (user.role === 'admin' || user.curatorUnits.length > 0));

/** The page's heading, focusable so that focus has somewhere to go when the last row leaves. */
function Heading({ headingRef, description }: { headingRef?: Ref<HTMLHeadingElement>; description: string }) {
  return (
    <div className="mb-6 min-w-0">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight text-slate-900 outline-none">
        {TITLE}
      </h1>
      <p className="mt-1 text-sm text-slate-500">{description}</p>
    </div>
  );
}

/** Takes a handled prompt out of the pages loaded so far, should the refresh after the change not have. */
function withoutItem(data: InfiniteData<ReviewQueue> | undefined, id: string) {
  return data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((i) => i.id !== id) })) };
}

/**
 * /review: the verified prompts the member curates whose review date has passed, oldest first. Each is
 * verified again (a new review date) or deprecated; either way it leaves the queue.
 */
export function ReviewPage({ useChangeStatus }: { useChangeStatus: ChangeStatusHook }) {
  usePageTitle(TITLE);
  const { data: user } = useCurrentUser();
  const curator = curatesSomething(user);
  const list = useReviewQueue(curator);
  const qc = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstButtons = useRef(new Map<string, HTMLButtonElement>());
  // The row an action was started from, and the rows below it then: when it leaves, focus goes to the
  // first of those still listed (else the heading) rather than falling to the page's body.
  const leaving = useRef<{ id: string; after: string[] } | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const ids = items.map((i) => i.id).join(' ');
  // What ListPageState shows for the prompt lists, written out here: importing it would split it from
  // the chunk it shares with them, which the first page downloads and whose budget is nearly spent.
  const failure = useLoadFailure(list);
  const failedInPlace = Boolean(failure) && items.length === 0;
  const retry = () => void list.refetch();

  useEffect(() => {
    const left = leaving.current;
    if (!left || ids.split(' ').includes(left.id)) return;
    leaving.current = null;
    const focused = document.activeElement;
    // Only when the focus went down with the row: a member who moved on elsewhere keeps their place.
    if (focused && focused !== document.body && focused.isConnected) return;
    const next = left.after.map((id) => firstButtons.current.get(id)).find((b) => b?.isConnected);
    (next ?? heading.current)?.focus();
  }, [ids]);

  const onAction = (item: ReviewItem, action: ReviewAction, run: () => Promise<Prompt>) => {
    const index = items.findIndex((i) => i.id === item.id);
    leaving.current = { id: item.id, after: items.slice(index + 1).map((i) => i.id) };
    run().then(
      (prompt) => {
        qc.setQueriesData<InfiniteData<ReviewQueue>>({ queryKey: queryKeys.reviewQueue }, (data) => withoutItem(data, item.id));
        toast(
          action === 'verify'
            ? { title: 'Verified again', description: `“${item.title}” left the queue. Its next review is due ${formatDate(prompt.reviewBy)}.` }
            : { title: 'Prompt deprecated', description: `“${item.title}” left the queue and is no longer listed.` },
        );
      },
      (err: unknown) => {
        leaving.current = null;
        const fallback = action === 'verify' ? 'Could not verify the prompt' : 'Could not deprecate the prompt';
        toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });
        // Refused (someone else handled it, a curatorship ended): the queue as it stands now says why.
        if (err instanceof ApiError && err.status < 500) void list.refetch();
      },
    );
  };

  if (!curator) {
    return (
      <>
        <Heading description="Verified prompts whose review date has passed wait here for their curators." />
        <EmptyState
          icon={UserRoundCheck}
          title="You do not curate any business unit"
          description="Curators verify the prompts of their business units and review them again when the verification runs out. An administrator can make you a curator of a unit; its prompts due for review will then appear here."
        />
      </>
    );
  }

  return (
    <>
      <Heading headingRef={heading} description="Verified prompts whose review date has passed. Verify them again or deprecate them." />
      {failedInPlace ? (
        <LoadFailure failure={failure} label={ERROR_LABEL} onRetry={retry} />
      ) : list.isLoading ? (
        <ListSkeleton label="Loading the review queue..." rows={4} />
      ) : items.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title="Nothing to review." description="Prompts appear here when their verification runs out." />
      ) : (
        <>
          <ul aria-label="Prompts due for review" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
            {items.map((item) => (
              <ReviewRow
                key={item.id}
                item={item}
                useChangeStatus={useChangeStatus}
                onAction={onAction}
                firstButtonRef={(el) => {
                  if (el) firstButtons.current.set(item.id, el);
                  else firstButtons.current.delete(item.id);
                }}
              />
            ))}
          </ul>
          {list.hasNextPage ? (
            // The button stays while its page loads (only marked busy), so keyboard focus is not lost.
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" onClick={() => !list.isFetchingNextPage && void list.fetchNextPage()} aria-disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? <Spinner label="Loading more prompts..." /> : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
      {failure && !failedInPlace ? <LoadFailure failure={failure} label={ERROR_LABEL} onRetry={retry} className="mt-3" /> : null}
    </>
  );
}

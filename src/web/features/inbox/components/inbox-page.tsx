import { useQueryClient } from '@tanstack/react-query';
import { BellOff, CheckCheck, Inbox } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { InboxItem } from '../../../../shared/schemas/inbox';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailure, useLoadFailure } from '../../../components/ui/load-failure';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useInboxList } from '../api/inbox-list';
import { useInboxUnread } from '../api/inbox-unread';
import { useMarkRead } from '../api/mark-read';
import { EmailSetting } from './email-setting';
import { InboxRow } from './inbox-row';

const TITLE = 'Inbox';
const ERROR_LABEL = 'Error loading the inbox';
type Show = 'all' | 'unread';

/**
 * /inbox: what happened to the member's prompts, suggestions and roles, newest first, with All and
 * Unread tabs (the tab is in the address, so Back returns to it), Mark all read and the email choice.
 */
export function InboxPage() {
  usePageTitle(TITLE);
  const [params, setParams] = useSearchParams();
  const show: Show = params.get('show') === 'unread' ? 'unread' : 'all';
  const list = useInboxList(show === 'unread');
  const unread = useInboxUnread().data?.unread ?? list.data?.pages[0]?.unread ?? 0;
  const markRead = useMarkRead();
  const qc = useQueryClient();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const failure = useLoadFailure(list);
  const failedInPlace = Boolean(failure) && items.length === 0;
  const retry = () => void list.refetch();

  // The bell's poll found new items: list them too. Only on a rise, so that items marked read here
  // stay where they are until the member moves on.
  const seenUnread = useRef(unread);
  useEffect(() => {
    if (unread > seenUnread.current) void qc.invalidateQueries({ queryKey: queryKeys.inbox });
    seenUnread.current = unread;
  }, [unread, qc]);

  const read = (ids: string[] | 'all') =>
    markRead.mutate(ids === 'all' ? { all: true } : { ids }, {
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not mark the items read'), variant: 'destructive' }),
    });
  const onRead = (item: InboxItem) => read([item.id]);

  const content = failedInPlace ? (
    <LoadFailure failure={failure} label={ERROR_LABEL} onRetry={retry} />
  ) : list.isLoading ? (
    <ListSkeleton label="Loading the inbox..." rows={4} />
  ) : items.length === 0 ? (
    show === 'unread' ? (
      <EmptyState icon={BellOff} title="No unread items" description="You have read everything in your inbox." />
    ) : (
      <EmptyState
        icon={Inbox}
        title="Nothing here yet"
        description="Suggested edits and feedback on your prompts, their verifications and review dates, changes to your favourites and new roles arrive here."
      />
    )
  ) : (
    <>
      <ul
        aria-label={show === 'unread' ? 'Unread inbox items' : 'Inbox items'}
        className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        {items.map((item) => (
          <InboxRow key={item.id} item={item} onRead={onRead} />
        ))}
      </ul>
      {list.hasNextPage ? (
        // The button stays while its page loads (only marked busy), so keyboard focus is not lost.
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => !list.isFetchingNextPage && void list.fetchNextPage()} aria-disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? <Spinner label="Loading more items..." /> : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );

  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{TITLE}</h1>
          <p className="mt-1 text-sm text-slate-500">Suggestions, feedback, verifications and other news about your prompts and roles.</p>
        </div>
        <EmailSetting />
      </div>
      <Tabs value={show} onValueChange={(v) => setParams(v === 'unread' ? { show: 'unread' } : {}, { replace: true })}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="Show" className="w-56">
            <TabsTrigger value="all">All</TabsTrigger>
            <TabsTrigger value="unread">{unread > 0 ? `Unread (${unread})` : 'Unread'}</TabsTrigger>
          </TabsList>
          {/* Stays focusable when there is nothing left to mark (marked, not disabled): focus is not dropped. */}
          <Button
            variant="secondary"
            size="sm"
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            aria-disabled={unread === 0 || undefined}
            onClick={() => unread > 0 && read('all')}
          >
            <CheckCheck className="h-4 w-4" aria-hidden="true" />
            Mark all read
          </Button>
        </div>
        {/* Each tab's panel holds the list (the tabs name their panels); not a tab stop of its own, since its links are. */}
        {(['all', 'unread'] as const).map((tab) => (
          <TabsContent key={tab} value={tab} tabIndex={-1} className="mt-0">
            {content}
          </TabsContent>
        ))}
      </Tabs>
      {failure && !failedInPlace ? <LoadFailure failure={failure} label={ERROR_LABEL} onRetry={retry} className="mt-3" /> : null}
    </>
  );
}

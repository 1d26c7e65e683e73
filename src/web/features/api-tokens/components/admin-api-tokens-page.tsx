import { KeyRound } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { ROLE_LABELS } from '../../../../shared/constants';
import type { AdminApiToken } from '../../../../shared/schemas/tokens';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useAdminTokens, useRevokeAnyToken } from '../api/admin-tokens';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { TokenRow } from './token-row';
import { tokenCount } from './token-rules';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { A_SCREENFUL_EARLY, useLoadMoreWhenVisible } from '../../../lib/use-load-more-when-visible';
import { ErrorBox } from '../../../components/ui/error-box';

const ownerName = (owner: AdminApiToken['owner']) => `${owner.firstName} ${owner.lastName}`.trim() || owner.email;

function Owner({ owner }: { owner: AdminApiToken['owner'] }) {
  return (
    <>
      <span className="font-medium" dir="auto">
        {ownerName(owner)}
      </span>{' '}
      <span className="text-slate-500">({ROLE_LABELS[owner.role]})</span>
      {/* A long address may break before its "@" rather than mid-word. */}
      <span className="block text-xs text-slate-600">
        {owner.email.slice(0, owner.email.lastIndexOf('@'))}
        <wbr />
        {owner.email.slice(owner.email.lastIndexOf('@'))}
      </span>
    </>
  );
}

/** Loads the next page when the end of the list comes near; the button does the same for the keyboard. */
function LoadMore({ hasMore, loadingMore, loadMore }: { hasMore: boolean; loadingMore: boolean; loadMore: () => void }) {
  const sentinel = useLoadMoreWhenVisible(hasMore, loadingMore, loadMore, A_SCREENFUL_EARLY);
  return (
    <>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {hasMore ? (
        // The button stays while its page loads (only marked busy), so keyboard focus is not lost.
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => !loadingMore && loadMore()} aria-disabled={loadingMore}>
            {loadingMore ? <Spinner label="Loading more tokens..." /> : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** /api-token-management: every member's API tokens, newest first, with their owner; an admin may revoke any. */
export function AdminApiTokensPage() {
  usePageTitle('API Tokens');
  const list = useAdminTokens();
  const revoke = useRevokeAnyToken();
  const [revoking, setRevoking] = useState<AdminApiToken | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusAfterRemoval(list.data, heading);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  const tokens = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total;

  return (
    <>
      <PageHeader
        title="API Tokens"
        description="Every member’s personal API tokens, newest first. Revoking one refuses its next call; the member can create another."
      />
      <section aria-labelledby="all-tokens-heading">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="all-tokens-heading" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
            All tokens
          </h2>
          {total !== undefined && !list.isError ? <p className="text-sm text-slate-600">{tokenCount(total)}</p> : null}
        </div>
        {list.isLoading ? (
          <ListSkeleton label="Loading API tokens..." rows={4} />
        ) : list.isError ? (
          <ErrorBox onRetry={() => void list.refetch()}>
            <p>Error loading API tokens: {errorMessage(list.error, list.error.message)}</p>
          </ErrorBox>
        ) : tokens.length === 0 ? (
          <EmptyState icon={KeyRound} title="No API tokens yet" description="Tokens members create for their scripts and AI clients appear here." />
        ) : (
          <>
            <ul aria-label="All tokens" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
              {tokens.map((t) => (
                <TokenRow key={t.id} token={t} ownerRole={t.owner.role} owner={<Owner owner={t.owner} />} onRevoke={() => setRevoking(t)} />
              ))}
            </ul>
            <LoadMore hasMore={Boolean(hasNextPage)} loadingMore={isFetchingNextPage} loadMore={loadMore} />
          </>
        )}
      </section>
      {revoking ? (
        <RevokeTokenDialog token={revoking} ownerName={ownerName(revoking.owner)} revoke={revoke} onOpenChange={(open) => !open && setRevoking(null)} />
      ) : null}
    </>
  );
}

import { KeyRound, Plus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { type ApiToken, MAX_TOKENS_PER_USER } from '../../../../shared/schemas/tokens';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { useMyTokens, useRevokeMyToken } from '../api/my-tokens';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { TokenRow } from './token-row';
import { atTokenLimit, tokenCount } from './token-rules';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { ErrorBox } from '../../../components/ui/error-box';

// The form (with react-hook-form and the schema's validation) loads when first opened: the list shows sooner.
const CreateTokenDialog = lazy(() => import('./create-token-dialog').then((m) => ({ default: m.CreateTokenDialog })));

/** What a token is for and how to send one, above the list. */
function Explanation() {
  return (
    <Card className="mb-6 p-4 text-sm text-slate-600 sm:p-5">
      <p>
        A token acts as you, for scripts and AI clients: it can do what your role allows, limited to the scopes you give it. Send it in the{' '}
        <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800">Authorization: Bearer</code> header. The{' '}
        <a href="/api/docs" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          API documentation
        </a>{' '}
        lists every call. Revoke a token you no longer use, or one that may have leaked.
      </p>
    </Card>
  );
}

/** /api-tokens: the member's own personal API tokens; create one (shown once) or revoke one. */
export function ApiTokensPage() {
  usePageTitle('API Tokens');
  const { data: user } = useCurrentUser();
  const { data, isLoading, isError, error, refetch } = useMyTokens();
  const revoke = useRevokeMyToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  useFocusAfterRemoval(data, createButton);
  const tokens = data?.items ?? [];
  const full = atTokenLimit(tokens.length);

  return (
    <>
      <PageHeader
        title="API Tokens"
        description="Personal tokens let your scripts and AI clients use the prompt library as you."
        actions={
          <Button ref={createButton} onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Create Token
          </Button>
        }
      />
      <Explanation />
      <section aria-labelledby="my-tokens-heading">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="my-tokens-heading" className="text-base font-semibold text-slate-900">
            Your tokens
          </h2>
          {tokens.length ? (
            <p className="text-sm text-slate-600">
              {tokenCount(tokens.length)} of at most {MAX_TOKENS_PER_USER}
            </p>
          ) : null}
        </div>
        {full ? (
          <p className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            You have the most tokens allowed. Revoke one before you create another.
          </p>
        ) : null}
        {isLoading ? (
          <ListSkeleton label="Loading your tokens..." rows={3} />
        ) : isError ? (
          <ErrorBox onRetry={() => void refetch()}>
            <p>Error loading your tokens: {errorMessage(error, error.message)}</p>
          </ErrorBox>
        ) : tokens.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            title="No API tokens yet"
            description="Create one to let a script or an AI client read, and if you allow it change, prompts as you."
          />
        ) : (
          <ul aria-label="Your tokens" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
            {tokens.map((t) => (
              <TokenRow key={t.id} token={t} ownerRole={user?.role ?? 'read'} onRevoke={() => setRevoking(t)} />
            ))}
          </ul>
        )}
      </section>
      <Suspense>{creating && user ? <CreateTokenDialog memberRole={user.role} onOpenChange={(open) => !open && setCreating(false)} /> : null}</Suspense>
      {revoking ? <RevokeTokenDialog token={revoking} revoke={revoke} onOpenChange={(open) => !open && setRevoking(null)} /> : null}
    </>
  );
}

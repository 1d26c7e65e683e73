import type { ReactNode } from 'react';
import type { Role } from '../../../../shared/constants';
import { type ApiToken, TOKEN_SCOPE_LABELS } from '../../../../shared/schemas/tokens';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { expiryText, inactiveReason, inactiveScopes, lastUsedText, tokenDate } from './token-rules';

function Meta({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * The token's scopes; one its owner's role no longer allows is struck through and marked inactive, and
 * the line under the badges says why (a tooltip alone would be lost on a touch screen).
 */
function Scopes({ token, role, own }: { token: ApiToken; role: Role; own: boolean }) {
  const inactive = inactiveScopes(token.scopes, role);
  return (
    <>
      <ul aria-label="Scopes" className="mt-2 flex flex-wrap gap-1.5">
        {token.scopes.map((s) =>
          inactive.includes(s) ? (
            <li key={s}>
              <Badge tone="grey" className="gap-1" title={inactiveReason([s], role, own)}>
                <span className="line-through">{TOKEN_SCOPE_LABELS[s]}</span> <span>(inactive)</span>
              </Badge>
            </li>
          ) : (
            <li key={s}>
              <Badge tone={s === 'admin' ? 'red' : s === 'prompts:write' ? 'blue' : 'green'}>{TOKEN_SCOPE_LABELS[s]}</Badge>
            </li>
          ),
        )}
      </ul>
      {inactive.length ? <p className="mt-1.5 text-xs text-amber-800">{inactiveReason(inactive, role, own)}</p> : null}
    </>
  );
}

interface Props {
  token: ApiToken;
  /** The owner's current role, which decides which of the scopes still work. */
  ownerRole: Role;
  /** Shown on the admin screen: who the token acts as. */
  owner?: ReactNode;
  onRevoke: () => void;
}

/**
 * One token: its name and prefix, scopes, and when it was made, expires and was last used. The dates
 * sit in a row beside Revoke on wide screens and wrap into two columns on a phone.
 */
export function TokenRow({ token, ownerRole, owner, onRevoke }: Props) {
  const expiry = expiryText(token.expiresAt);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:gap-4">
      <div className="min-w-0 flex-1">
        <h3 className="font-medium break-words text-slate-900 [overflow-wrap:anywhere]" dir="auto">
          {token.name}
        </h3>
        <p className="font-mono text-xs text-slate-500">
          <span className="sr-only">Starts with </span>
          {token.prefix}…
        </p>
        <Scopes token={token} role={ownerRole} own={!owner} />
        <dl className={cn('mt-3 grid grid-cols-2 gap-x-4 gap-y-2', owner ? 'lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]' : 'sm:grid-cols-3')}>
          {owner ? (
            <Meta label="Owner" className="col-span-2 lg:col-span-1">
              {owner}
            </Meta>
          ) : null}
          <Meta label="Created">
            <time dateTime={token.createdAt}>{tokenDate(token.createdAt)}</time>
          </Meta>
          <Meta label="Expires">
            {token.expiresAt ? (
              <time dateTime={token.expiresAt} title={expiry.expired ? `Expired on ${tokenDate(token.expiresAt)}` : undefined}>
                <span className={expiry.expired ? 'font-medium text-red-700' : undefined}>{expiry.text}</span>
              </time>
            ) : (
              expiry.text
            )}
          </Meta>
          <Meta label="Last used" className={owner ? undefined : 'col-span-2 sm:col-span-1'}>
            {token.lastUsedAt ? <time dateTime={token.lastUsedAt}>{lastUsedText(token.lastUsedAt)}</time> : <span className="text-slate-500">Never used</span>}
          </Meta>
        </dl>
      </div>
      <Button variant="secondary" size="sm" className="self-start text-red-700 hover:bg-red-50" aria-label={`Revoke ${token.name}`} onClick={onRevoke}>
        Revoke
      </Button>
    </li>
  );
}

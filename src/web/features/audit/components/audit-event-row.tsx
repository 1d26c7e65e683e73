import { ChevronDown } from 'lucide-react';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, type AuditAction, type AuditEvent } from '../../../../shared/schemas/audit';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { AuditChanges } from './audit-changes';

/**
 * The column tracks of the wide layout, shared by the header and every row so that they line up (no
 * track depends on its content). The actor column grows on wide screens, where the event has room.
 */
export const AUDIT_COLUMNS = 'md:grid-cols-[8rem_minmax(0,12rem)_minmax(0,1fr)_2.25rem] md:gap-x-4 xl:grid-cols-[8rem_minmax(0,16rem)_minmax(0,1fr)_2.25rem]';

/** Who acted: the address they had then; "System" for the app's own work, "Unknown" for an account without one. */
export function actorLabel(actor: AuditEvent['actor']): string {
  if (actor.email) return actor.email;
  return actor.id === null ? 'System' : 'Unknown';
}

/**
 * An address may break before its "@", or after a dot of the part before it, before anywhere else: a
 * long one wraps as "name" / "@domain" rather than mid-word, and the domain stays whole.
 */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  const parts = at > 0 ? [...address.slice(0, at).split(/(?<=\.)/), address.slice(at)] : [address];
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** Refusals and removals stand out when scanning; creations read as good news; the rest stay quiet. */
function actionTone(action: AuditAction) {
  if (action === 'auth.sign_in_failed' || action.endsWith('.deleted')) return 'red';
  if (action === 'prompt.trashed' || action === 'user.password_reset' || action === 'auth.reset_requested') return 'amber';
  if (action.endsWith('.created') || action === 'auth.sign_up' || action === 'prompt.restored') return 'green';
  return 'neutral';
}

// The viewer's own language and time zone; the exact instant is in the element's dateTime and title.
const dayFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** What the expanded row shows: the changed fields, then where and from what the change came. */
function EventDetails({ event }: { event: AuditEvent }) {
  const target = event.targetType ? AUDIT_TARGET_LABELS[event.targetType] : null;
  return (
    <div className="space-y-4">
      <section aria-label="Changes">
        <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Changes</p>
        <AuditChanges before={event.before} after={event.after} />
      </section>
      <dl className="grid gap-3 border-t border-slate-200 pt-3 sm:grid-cols-2">
        <Meta label="Target">
          {target ? (
            <>
              {target}
              {event.targetId ? <span className="ml-1.5 font-mono text-xs text-slate-600">{event.targetId}</span> : null}
            </>
          ) : (
            'None'
          )}
        </Meta>
        <Meta label="Actor account">{event.actor.id ? <span className="font-mono text-xs">{event.actor.id}</span> : 'None'}</Meta>
        <Meta label="Time (UTC)">
          <span className="font-mono text-xs">{event.at}</span>
        </Meta>
        <Meta label="IP address">{event.ip ?? 'Not recorded'}</Meta>
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-xs text-slate-500">User agent</dt>
          <dd className="font-mono text-xs break-all text-slate-700">{event.userAgent ?? 'Not recorded'}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * One event: time, actor (and IP), action and summary in columns from 768 px, stacked below it so a
 * phone never scrolls sideways. The chevron opens the details under the row.
 */
export function AuditEventRow({ event }: { event: AuditEvent }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const at = new Date(event.at);
  const actor = actorLabel(event.actor);
  return (
    <li className="px-4 py-3">
      <div className={cn('grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 md:items-start', AUDIT_COLUMNS)}>
        <div className="col-start-1 row-start-3 text-xs text-slate-500 md:col-auto md:row-auto md:pt-0.5 md:text-sm md:text-slate-600">
          <time dateTime={event.at} title={event.at} className="tabular-nums">
            <span className="md:block">{dayFormat.format(at)}</span>
            <span className="md:hidden">, </span>
            <span className="md:block">{timeFormat.format(at)}</span>
          </time>
        </div>
        <div className="col-start-1 row-start-2 min-w-0 text-sm md:col-auto md:row-auto md:pt-0.5">
          {/* The account's name first when it has one, its address (as it was then) under it. */}
          {event.actor.name ? (
            <p className="font-medium text-slate-800 [overflow-wrap:anywhere]" dir="auto">
              {event.actor.name}
            </p>
          ) : null}
          <p
            className={cn(
              '[overflow-wrap:anywhere]',
              !event.actor.email ? 'text-slate-500 italic' : event.actor.name ? 'text-xs text-slate-600' : 'font-medium text-slate-800',
            )}
          >
            {event.actor.email ? <Email address={event.actor.email} /> : actor}
          </p>
          {event.ip ? (
            <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">
              <span className="sr-only">IP address </span>
              <span aria-hidden="true">IP </span>
              {event.ip}
            </p>
          ) : null}
        </div>
        <div className="col-start-1 row-start-1 min-w-0 md:col-auto md:row-auto">
          <Badge tone={actionTone(event.action)} className="max-w-full truncate">
            {AUDIT_ACTION_LABELS[event.action]}
          </Badge>
          <p id={`${id}-summary`} className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]" dir="auto">
            {event.summary}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="col-start-2 row-span-3 row-start-1 md:col-auto md:row-auto md:row-span-1"
          aria-label="Details"
          aria-describedby={`${id}-summary`}
          aria-expanded={open}
          aria-controls={`${id}-details`}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </Button>
      </div>
      <div id={`${id}-details`} hidden={!open} className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-4 md:ml-36">
        {open ? <EventDetails event={event} /> : null}
      </div>
    </li>
  );
}

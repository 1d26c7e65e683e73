import { useRef } from 'react';
import { Link } from 'react-router';
import { inboxItemText, quotesDetail } from '../../../../shared/inbox-text';
import type { InboxItem } from '../../../../shared/schemas/inbox';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { fullTime, relativeTime } from '../relative-time';

const SUGGESTION_TYPES: ReadonlySet<InboxItem['type']> = new Set(['suggestion_received', 'suggestion_accepted', 'suggestion_declined']);

/**
 * Where opening an item goes: its prompt (on its Suggestions tab for a suggestion), the review queue for a
 * new curatorship; nowhere when the member can no longer see the prompt.
 */
export function inboxItemHref(item: Pick<InboxItem, 'type' | 'promptId' | 'promptTitle'>): string | null {
  if (item.type === 'curator_assigned') return paths.review;
  if (!item.promptId || item.promptTitle === null) return null;
  return SUGGESTION_TYPES.has(item.type) ? paths.promptSuggestions(item.promptId) : paths.prompt(item.promptId);
}

/** "Unread:" for screen readers; the space stays outside the hidden span, where name computation keeps it. */
const UnreadMark = ({ unread }: { unread: boolean }) =>
  unread ? (
    <>
      <span className="sr-only">Unread:</span>{' '}
    </>
  ) : null;

/**
 * One inbox item: its sentence (the link that opens it), the note it quotes, when. Unread items are bold
 * with a dot, and say "Unread" to screen readers; opening one marks it read.
 */
export function InboxRow({ item, onRead }: { item: InboxItem; onRead: (item: InboxItem) => void }) {
  const unread = item.readAt === null;
  const text = inboxItemText(item);
  const href = inboxItemHref(item);
  const body = useRef<HTMLDivElement>(null);
  const open = () => unread && onRead(item);
  return (
    <li className={cn('flex gap-3 p-4', unread && 'bg-brand-50/40')}>
      <span aria-hidden="true" className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')} />
      {/* Focus lands here when "Mark read" goes away under it, rather than falling to the page's body. */}
      <div ref={body} tabIndex={-1} className="min-w-0 flex-1 space-y-1 rounded-sm outline-none">
        <p className={cn('text-sm break-words [overflow-wrap:anywhere]', unread ? 'font-semibold text-slate-900' : 'text-slate-700')} dir="auto">
          {href ? (
            <Link to={href} onClick={open} className="block rounded-sm hover:text-brand-700 hover:underline">
              <UnreadMark unread={unread} />
              {text}
            </Link>
          ) : (
            <>
              <UnreadMark unread={unread} />
              {text}
            </>
          )}
        </p>
        {quotesDetail(item) ? (
          <blockquote className="border-l-2 border-slate-200 pl-3 text-sm break-words whitespace-pre-line text-slate-600 [overflow-wrap:anywhere]" dir="auto">
            “{item.detail}”
          </blockquote>
        ) : null}
        <p className="text-xs text-slate-500">
          <time dateTime={item.createdAt} title={fullTime(item.createdAt)}>
            {relativeTime(item.createdAt)}
          </time>
        </p>
      </div>
      {unread && !href ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Mark read: ${text}`}
          onClick={() => {
            open();
            body.current?.focus();
          }}
        >
          Mark read
        </Button>
      ) : null}
    </li>
  );
}

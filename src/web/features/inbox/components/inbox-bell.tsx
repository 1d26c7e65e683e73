import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useInboxUnread } from '../api/inbox-unread';

/** "99+" past 99, so the badge keeps its size. */
export const unreadBadgeText = (n: number) => (n > 99 ? '99+' : String(n));

/** The header's link to the inbox, with the unread count in its name and, when there is one, a badge. */
export function InboxBell() {
  const unread = useInboxUnread().data?.unread ?? 0;
  return (
    <Link
      to={paths.inbox}
      aria-label={unread > 0 ? `Inbox, ${unread} unread` : 'Inbox'}
      className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <Bell className="h-5 w-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white"
        >
          {unreadBadgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}

import { formatDate } from '../../lib/utils';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const fullFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; past a week the date, as the rest of the app writes it. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const ago = now - new Date(iso).getTime();
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return formatDate(iso);
}

/** The exact moment, for the relative time's tooltip. */
export const fullTime = (iso: string) => fullFormat.format(new Date(iso));

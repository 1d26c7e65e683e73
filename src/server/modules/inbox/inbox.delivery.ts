import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { inboxItemText, quotesDetail } from '../../../shared/inbox-text';
import type { InboxItem } from '../../../shared/schemas/inbox';
import { type Database, queryRows } from '../../db/client';
import { inboxItems, type UserRow, users } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { startPeriodicTask } from '../../lib/periodic-task';
import { inboxItemsOf } from './inbox.service';

// What the inbox does on its own, every half minute on every instance: "review due" items for
// verifications that ran out, and the emails members asked for. Each step first claims its rows in one
// statement (FOR UPDATE SKIP LOCKED), so instances running side by side never send anything twice.

const BATCH = 50;
const SEND_TIMEOUT_MS = 15_000;

export interface DeliveryOptions {
  db: Database;
  mailer: Mailer | undefined;
  /** Where the emails' links point. */
  baseUrl: string;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Writes "review due" for every verified prompt past its review date not yet noticed; answers how many prompts. */
export async function deliverReviewNotices(db: Database, now: Date): Promise<number> {
  const noticed = await queryRows(
    db,
    sql`
    with due as (
      select id from prompts
      where status = 'verified' and review_by <= ${now.toISOString()}::timestamptz and review_notice_for is distinct from review_by
      order by review_by limit 500
      for update skip locked
    ), noticed as (
      update prompts p set review_notice_for = p.review_by from due where p.id = due.id
      returning p.id, p.user_id, p.co_owner_ids
    ), sent as (
      insert into inbox_items (user_id, type, prompt_id, email_pending)
      select u.id, 'review_due', n.id, u.inbox_email = 'each'
      from noticed n cross join lateral unnest(array[n.user_id] || n.co_owner_ids) as keeper(id)
      join users u on u.id = keeper.id
    )
    select id from noticed`,
  );
  return noticed.length;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server in ${SEND_TIMEOUT_MS / 1000} s`)), SEND_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const itemLines = (item: InboxItem) => [inboxItemText(item), ...(quotesDetail(item) ? [`  “${item.detail}”`] : [])].join('\n');

async function send(options: DeliveryOptions, to: UserRow, subject: string, items: InboxItem[]) {
  const link = new URL('/inbox', options.baseUrl).toString();
  const text = `${items.map(itemLines).join('\n\n')}\n\nOpen your inbox: ${link}\n\nTo change these emails, choose "Email" on your inbox page.`;
  await withTimeout(options.mailer!.send({ to: to.email, subject, text }));
}

/** Sends one email per item to the members who chose "each"; answers how many went out. */
export async function deliverItemEmails(options: DeliveryOptions): Promise<number> {
  const { db } = options;
  const claimed = (await queryRows(
    db,
    sql`
    update inbox_items set email_pending = false
    where id in (select id from inbox_items where email_pending order by created_at limit ${BATCH} for update skip locked)
    returning id, user_id`,
  )) as Array<{ id: string; user_id: string }>;
  if (!claimed.length || !options.mailer) return 0;
  const recipients = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(claimed.map((r) => r.user_id))]));
  let sent = 0;
  for (const member of recipients) {
    const ids = claimed.filter((r) => r.user_id === member.id).map((r) => r.id);
    // Read as the member reads the inbox: a prompt they cannot see is not named.
    for (const item of await inboxItemsOf(db, member, inArray(inboxItems.id, ids), ids.length)) {
      try {
        await send(options, member, inboxItemText(item), [item]);
        sent += 1;
      } catch (err) {
        options.log.warn({ err }, `inbox email to ${member.email} failed; the item stays in the inbox`);
      }
    }
  }
  return sent;
}

/** Sends the daily digest of unread items to the members who chose it and whose day has passed. */
export async function deliverDigests(options: DeliveryOptions): Promise<number> {
  const { db } = options;
  // The database's clock, which also stamps the items: a digest holds exactly the items since the last.
  const claimed = (await queryRows(
    db,
    sql`
    with due as (
      select id, inbox_digest_at as since from users
      where inbox_email = 'daily' and (inbox_digest_at is null or inbox_digest_at <= now() - interval '1 day')
      limit ${BATCH} for update skip locked
    )
    update users u set inbox_digest_at = now() from due where u.id = due.id
    returning u.id, due.since`,
  )) as Array<{ id: string; since: string | Date | null }>;
  if (!claimed.length || !options.mailer) return 0;
  const members = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((r) => r.id),
      ),
    );
  let sent = 0;
  for (const member of members) {
    const since = claimed.find((r) => r.id === member.id)?.since;
    const unread = and(sql`${inboxItems.readAt} is null`, since ? sql`${inboxItems.createdAt} > ${new Date(since).toISOString()}::timestamptz` : undefined);
    const items = await inboxItemsOf(db, member, unread, BATCH);
    if (!items.length) continue;
    try {
      await send(options, member, `${items.length} new in your prompts inbox`, items);
      sent += 1;
    } catch (err) {
      options.log.warn({ err }, `inbox digest to ${member.email} failed`);
    }
  }
  return sent;
}

/** One pass of all three. */
export async function runInboxDelivery(options: DeliveryOptions): Promise<void> {
  await deliverReviewNotices(options.db, options.clock());
  await deliverItemEmails(options);
  await deliverDigests(options);
}

/** Runs a pass every `everyMs` (30 s); a failed pass (the database away) is logged and tried again. */
export function startInboxDelivery(options: DeliveryOptions & { everyMs?: number }) {
  return startPeriodicTask({
    everyMs: options.everyMs ?? 30_000,
    run: () => runInboxDelivery(options),
    log: options.log,
    failure: 'inbox delivery pass failed; it runs again shortly',
  });
}

import { and, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { InboxEmailMode, InboxItem, InboxList, InboxListQuery, InboxRead, InboxSettings, InboxType } from '../../../shared/schemas/inbox';
import type { Database } from '../../db/client';
import { inboxItems, prompts, type UserRow, users } from '../../db/schema';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/time-id-cursor';
import { accessKeys, visibleTo } from '../prompt-query';

// Reading the inbox: one member's items, newest first, with the unread count the bell shows. Nothing is
// cached: the count is one index-only lookup, and an item written by another instance shows at once.

/** Whether the member may still see the item's prompt: only then is its title shown. */
function promptSeenBy(viewer: UserRow) {
  const keys = accessKeys(viewer);
  return keys ? and(eq(prompts.id, inboxItems.promptId), visibleTo(keys)) : eq(prompts.id, inboxItems.promptId);
}

export async function unreadCount(db: Database, viewer: UserRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, viewer.id), isNull(inboxItems.readAt)));
  return Number(row?.n ?? 0);
}

/** The member's items matching `where`, newest first, as the API gives them. */
export async function inboxItemsOf(db: Database, viewer: UserRow, where: SQL | undefined, limit: number): Promise<InboxItemWithTime[]> {
  const rows = await db
    .select({
      item: inboxItems,
      promptTitle: prompts.title,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(inboxItems)
    .leftJoin(users, eq(users.id, inboxItems.actorId))
    .leftJoin(prompts, promptSeenBy(viewer))
    .where(and(eq(inboxItems.userId, viewer.id), where))
    .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
    .limit(limit);
  return rows.map(({ item, promptTitle, actorFirstName, actorLastName }) => ({
    at: item.createdAt,
    id: item.id,
    type: item.type as InboxType,
    promptId: item.promptId,
    promptTitle: promptTitle ?? null,
    suggestionId: item.suggestionId,
    actor: item.actorId ? { id: item.actorId, firstName: actorFirstName ?? '', lastName: actorLastName ?? '' } : null,
    detail: item.detail,
    createdAt: item.createdAt.toISOString(),
    readAt: item.readAt?.toISOString() ?? null,
  }));
}
type InboxItemWithTime = InboxItem & { at: Date };

export async function listInbox(db: Database, viewer: UserRow, query: InboxListQuery): Promise<InboxList> {
  const after = query.cursor ? decodeTimeIdCursor(query.cursor) : null;
  const conditions: SQL[] = [];
  if (query.unread) conditions.push(isNull(inboxItems.readAt));
  if (after) conditions.push(or(lt(inboxItems.createdAt, after.at), and(eq(inboxItems.createdAt, after.at), lt(inboxItems.id, after.id)))!);
  const [rows, unread] = await Promise.all([inboxItemsOf(db, viewer, and(...conditions), query.limit + 1), unreadCount(db, viewer)]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ at: _at, ...item }) => item),
    unread,
    nextCursor: rows.length > query.limit && last ? encodeTimeIdCursor(last.at, last.id) : null,
  };
}

/** Marks some of the member's items (others' ids are ignored) or all of them read; answers the unread count. */
export async function markRead(db: Database, viewer: UserRow, input: InboxRead): Promise<number> {
  const mine = and(eq(inboxItems.userId, viewer.id), isNull(inboxItems.readAt));
  await db
    .update(inboxItems)
    .set({ readAt: sql`now()` })
    .where('all' in input ? mine : and(mine, inArray(inboxItems.id, input.ids)));
  return unreadCount(db, viewer);
}

export async function inboxSettings(viewer: UserRow, emailAvailable: boolean): Promise<InboxSettings> {
  return { email: viewer.inboxEmail, emailAvailable };
}

/** Choosing the daily digest starts its day now: the first digest holds what arrives from here on. */
export async function setInboxEmail(db: Database, viewer: UserRow, email: InboxEmailMode, emailAvailable: boolean): Promise<InboxSettings> {
  await db
    .update(users)
    .set({ inboxEmail: email, ...(email === 'daily' && viewer.inboxEmail !== 'daily' ? { inboxDigestAt: sql`now()` } : {}) })
    .where(eq(users.id, viewer.id));
  return { email, emailAvailable };
}

import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { InboxType } from '../../../shared/schemas/inbox';
import type { Database } from '../../db/client';
import { inboxItems, promptFavorites, users } from '../../db/schema';

// Writing inbox items. Every item is inserted in the transaction of the change it reports, so it exists
// exactly when the change does, and every instance reads it from the same table. Nobody hears about
// what they did themselves.

export interface InboxEvent {
  type: InboxType;
  /** Who did it; null for what the clock does (a review date passing). */
  actorId: string | null;
  promptId?: string | null;
  suggestionId?: string | null;
  detail?: string | null;
}

/** An item's columns, selected beside each recipient's row of users; `email_pending` follows their choice. */
const selectedItem = (event: InboxEvent) => ({
  userId: users.id,
  type: sql`${event.type}`.as('type'),
  promptId: sql`${event.promptId ?? null}::uuid`.as('prompt_id'),
  suggestionId: sql`${event.suggestionId ?? null}::uuid`.as('suggestion_id'),
  actorId: sql`${event.actorId}::uuid`.as('actor_id'),
  detail: sql`${event.detail ?? null}::text`.as('detail'),
  emailPending: sql<boolean>`${users.inboxEmail} = 'each'`.as('email_pending'),
});

/** Sends `event` to the members `to` (duplicates and the actor left out; unknown ids skipped). */
export async function notify(tx: Database, to: ReadonlyArray<string | null | undefined>, event: InboxEvent): Promise<void> {
  const recipients = [...new Set(to.filter((id): id is string => Boolean(id) && id !== event.actorId))];
  if (!recipients.length) return;
  // One INSERT … SELECT: members deleted meanwhile are skipped, and each one's email choice is read in it.
  await tx.insert(inboxItems).select(tx.select(selectedItem(event)).from(users).where(inArray(users.id, recipients)));
}

/** Sends `event` to everyone who starred the prompt (but the actor and those in `except`), in one statement. */
export async function notifyFavouriters(tx: Database, promptId: string, event: InboxEvent, except: ReadonlyArray<string> = []): Promise<void> {
  const skipped = [...new Set([...except, ...(event.actorId ? [event.actorId] : [])])];
  await tx.insert(inboxItems).select(
    tx
      .select(selectedItem({ ...event, promptId }))
      .from(promptFavorites)
      .innerJoin(users, eq(users.id, promptFavorites.userId))
      .where(and(eq(promptFavorites.promptId, promptId), ...skipped.map((id) => ne(promptFavorites.userId, id)))),
  );
}

/** A prompt's keepers: its owner and co-owners, who hear about what happens to it. */
export const keepersOf = (prompt: { userId: string; coOwnerIds: readonly string[] }): string[] => [prompt.userId, ...prompt.coOwnerIds];

import { type SQL, sql } from 'drizzle-orm';
import type { InboxType } from '../../../shared/schemas/inbox';
import { type Database, queryRows } from '../../db/client';

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

const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/**
 * One INSERT … SELECT of `event` for every member `recipients` selects (as `u`, a row of users): members
 * deleted meanwhile are skipped, and each one's email choice is read in the same statement.
 */
async function insertFor(tx: Database, event: InboxEvent, recipients: SQL): Promise<void> {
  await queryRows(
    tx,
    sql`insert into inbox_items (user_id, type, prompt_id, suggestion_id, actor_id, detail, email_pending)
      select u.id, ${event.type}, ${event.promptId ?? null}::uuid, ${event.suggestionId ?? null}::uuid, ${event.actorId}::uuid,
        ${event.detail ?? null}::text, u.inbox_email = 'each'
      ${recipients}`,
  );
}

/** Sends `event` to the members `to` (duplicates and the actor left out; unknown ids skipped). */
export async function notify(tx: Database, to: ReadonlyArray<string | null | undefined>, event: InboxEvent): Promise<void> {
  const recipients = [...new Set(to.filter((id): id is string => Boolean(id) && id !== event.actorId))];
  if (!recipients.length) return;
  await insertFor(tx, event, sql`from users u where u.id = any(${uuidArray(recipients)})`);
}

/** Sends `event` to everyone who starred the prompt (but the actor and those in `except`). */
export async function notifyFavouriters(tx: Database, promptId: string, event: InboxEvent, except: ReadonlyArray<string> = []): Promise<void> {
  const skipped = [...new Set([...except, ...(event.actorId ? [event.actorId] : [])])];
  const others = skipped.length ? sql`and not f.user_id = any(${uuidArray(skipped)})` : sql``;
  await insertFor(tx, { ...event, promptId }, sql`from prompt_favorites f join users u on u.id = f.user_id where f.prompt_id = ${promptId}::uuid ${others}`);
}

/** A prompt's keepers: its owner and co-owners, who hear about what happens to it. */
export const keepersOf = (prompt: { userId: string; coOwnerIds: readonly string[] }): string[] => [prompt.userId, ...prompt.coOwnerIds];

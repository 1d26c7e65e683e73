import { eq, inArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { collectionItems, collections, type UserRow } from '../../db/schema';
import { replaceSharedUnit } from '../../db/visible-units';

// What happens to collections when what they name changes: a member deleted (their co-ownerships go,
// their collections go with them or to the member receiving their prompts), a business unit renamed or
// deleted (as for prompts), a prompt moved to the trash and back. Each runs in the caller's transaction.

/** A unit renamed or deleted, as for prompts (see replaceSharedUnit). */
export const replaceCollectionUnit = (tx: Database, from: string, to: string | null) => replaceSharedUnit(tx, collections, from, to);

type Member = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>;

/**
 * Before a member is deleted: they stop co-owning collections; with a `recipient` (who receives their
 * prompts) their collections are the recipient's, a name the recipient already uses getting
 * " (from First Last)" as prompt titles do; without one, their collections go with them (the foreign
 * key's cascade), as their prompts do.
 */
export async function handOverCollections(tx: Database, member: Member, recipient: Member | undefined): Promise<number> {
  await queryRows(
    tx,
    sql`update ${collections} set co_owner_ids = array_remove(co_owner_ids, ${member.id}::uuid) where co_owner_ids @> array[${member.id}::uuid]`,
  );
  if (!recipient) return 0;
  const suffix = ` (from ${`${member.firstName} ${member.lastName}`.trim() || member.email})`;
  await queryRows(
    tx,
    sql`update ${collections} c set name = left(c.name, ${100 - suffix.length}) || ${suffix}
      where c.user_id = ${member.id}::uuid and exists (select 1 from ${collections} d where d.user_id = ${recipient.id}::uuid and lower(d.name) = lower(c.name))`,
  );
  // The recipient owns them now, so is no longer one of their co-owners.
  const moved = await queryRows(
    tx,
    sql`update ${collections} set user_id = ${recipient.id}::uuid, co_owner_ids = array_remove(co_owner_ids, ${recipient.id}::uuid)
      where user_id = ${member.id}::uuid returning id`,
  );
  return moved.length;
}

/** A prompt's memberships, kept in its trash snapshot: its rows go with the prompt row. */
export interface Membership {
  collectionId: string;
  position: number;
}

export function membershipsOf(tx: Database, promptId: string): Promise<Membership[]> {
  return tx
    .select({ collectionId: collectionItems.collectionId, position: collectionItems.position })
    .from(collectionItems)
    .where(eq(collectionItems.promptId, promptId));
}

/**
 * A prompt restored from the trash takes its places back, in the collections that still exist (at its
 * old position: the order is (position, prompt_id), so it lands where it was among the items that stayed).
 */
export async function restoreMemberships(tx: Database, promptId: string, memberships: readonly Membership[] | undefined): Promise<void> {
  if (!memberships?.length) return;
  const alive = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(
      inArray(
        collections.id,
        memberships.map((m) => m.collectionId),
      ),
    );
  const ids = new Set(alive.map((c) => c.id));
  const rows = memberships.filter((m) => ids.has(m.collectionId)).map((m) => ({ collectionId: m.collectionId, promptId, position: m.position }));
  if (rows.length) await tx.insert(collectionItems).values(rows).onConflictDoNothing();
}

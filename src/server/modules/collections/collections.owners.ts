import { eq } from 'drizzle-orm';
import { canEditCollection } from '../../../shared/policies/collections';
import type { CollectionOwnersInput } from '../../../shared/schemas/collections';
import { OWNER_MESSAGES, type PromptOwners, type PromptPerson } from '../../../shared/schemas/owners';
import type { Database } from '../../db/client';
import { type CollectionRow, collections, type UserRow } from '../../db/schema';
import { conflict, forbidden, invalidFields, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { recordAudit } from '../audit/audit';
import { ownersIssues } from '../prompts/prompt-owners.service';
import { findPeople } from '../users/users.service';
import { collectionNotFound, collectionOr404, editableOr404 } from './collections.service';

// Who a collection belongs to, as for prompts: the owner and up to twenty co-owners may change it and
// always see it; only the owner or an administrator may give it to someone else. Names are unique per
// owner, so a new owner who already has a collection of that name is a 409. Every change is audited.

export const canTransferCollection = (viewer: UserRow, row: Pick<CollectionRow, 'userId'>) => viewer.role === 'admin' || row.userId === viewer.id;

async function ownersOf(db: Database, viewer: UserRow, row: CollectionRow): Promise<PromptOwners> {
  const people = await findPeople(db, [row.userId, ...row.coOwnerIds]);
  const owner = people.find((p) => p.id === row.userId);
  // The owner always exists: deleting a member gives their collections to someone else first.
  if (!owner) throw collectionNotFound();
  return {
    owner,
    coOwners: people.filter((p) => p.id !== row.userId),
    canChangeCoOwners: canEditCollection(viewer, row),
    canTransfer: canTransferCollection(viewer, row),
  };
}

export async function getCollectionOwners(db: Database, viewer: UserRow, id: string): Promise<PromptOwners> {
  return ownersOf(db, viewer, await collectionOr404(db, viewer, id));
}

const emails = (people: readonly PromptPerson[]) => people.map((p) => p.email);

/**
 * Sets the owner and co-owners. Refusals in order: a collection the viewer cannot see (404), one they
 * may not change (403), a new owner from someone who may not transfer (403), unknown people or read
 * members (400), a name the new owner already uses (409).
 */
export async function setCollectionOwners(db: Database, viewer: UserRow, id: string, input: CollectionOwnersInput): Promise<PromptOwners> {
  const people = await findPeople(db, [input.ownerId, ...input.coOwnerIds]);
  const found = new Map(people.map((p) => [p.id, p]));
  let name = '';
  try {
    await db.transaction(async (tx) => {
      // Read under a lock: two changes of the same collection's owners apply one after the other.
      const current = await editableOr404(tx, viewer, id);
      name = current.name;
      const transferred = current.userId !== input.ownerId;
      if (transferred && !canTransferCollection(viewer, current)) throw forbidden(OWNER_MESSAGES.transferDenied);
      const errors = ownersIssues(input, found, {
        readMember: 'Read-only members cannot own collections',
        readCoOwner: 'Read-only members cannot co-own collections',
      });
      const first = Object.values(errors)[0];
      if (first) throw invalidFields(first, errors);
      const coOwnersChanged = current.coOwnerIds.join() !== input.coOwnerIds.join();
      if (!transferred && !coOwnersChanged) return;
      await tx.update(collections).set({ userId: input.ownerId, coOwnerIds: input.coOwnerIds, updatedAt: new Date() }).where(eq(collections.id, id));
      const before = await findPeople(tx, [current.userId, ...current.coOwnerIds]);
      const newOwner = found.get(input.ownerId)!;
      await recordAudit(tx, {
        actor: viewer,
        action: 'collection.owners_changed',
        target: { type: 'collection', id },
        summary: `${transferred ? `Transferred to ${newOwner.email}${coOwnersChanged ? ' and changed the co-owners' : ''}` : 'Changed the co-owners'} of collection “${current.name}”`,
        before: {
          owner: before.find((p) => p.id === current.userId)?.email ?? current.userId,
          coOwners: emails(before.filter((p) => p.id !== current.userId)),
        },
        after: { owner: newOwner.email, coOwners: emails(input.coOwnerIds.map((coOwnerId) => found.get(coOwnerId)!)) },
      });
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(`The new owner already has a collection named “${name}”`, 'collection_name_taken');
    throw err;
  }
  // The viewer may have given away a private collection they can no longer see: answer with the
  // owners anyway, read without the visibility check (the change was theirs to make).
  const [row] = await db.select().from(collections).where(eq(collections.id, id)).limit(1);
  if (!row) throw collectionNotFound();
  return ownersOf(db, viewer, row);
}

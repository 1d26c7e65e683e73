import { notify } from '../inbox/inbox.notify';
import { eq } from 'drizzle-orm';
import { canEditPrompt } from '../../../shared/policies/prompts';
import { OWNER_MESSAGES, type PromptOwners, type PromptOwnersInput, type PromptPerson } from '../../../shared/schemas/owners';
import type { Database } from '../../db/client';
import { type PromptRow, prompts, type UserRow } from '../../db/schema';
import { AppError, conflict, forbidden, invalidFields, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { promptWriteTransaction } from '../../lib/prompt-derived-cache';
import { findPeople } from '../users/users.service';
import { auditOwnersChange, type OwnersRecord } from './prompts.audit';
import { promptNotFound, visibleOr404 } from './prompts.visibility';

// Who a prompt belongs to. The owner (its author until it is given away) and up to twenty co-owners may
// edit it, change who sees it and who co-owns it, and always see it; only the owner or an administrator
// may give it to someone else. Neither is part of the prompt's versions (a restore keeps them), and
// every change is an audit event.

export const TRANSFER_TITLE_TAKEN = 'The new owner already has a prompt with this title';

/** The owner or an admin may transfer; the owner, co-owners and admins may change co-owners. */
export const canTransferPrompt = (viewer: UserRow, prompt: Pick<PromptRow, 'userId'>) => viewer.role === 'admin' || prompt.userId === viewer.id;

async function findPrompt(db: Database, id: string, lock = false) {
  const query = db.select().from(prompts).where(eq(prompts.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function ownersOf(db: Database, viewer: UserRow, row: PromptRow): Promise<PromptOwners> {
  const people = await findPeople(db, [row.userId, ...row.coOwnerIds]);
  const owner = people.find((p) => p.id === row.userId);
  // The owner always exists (deleting a user transfers or deletes their prompts).
  if (!owner) throw promptNotFound();
  return {
    owner,
    coOwners: people.filter((p) => p.id !== row.userId),
    canChangeCoOwners: canEditPrompt(viewer, row),
    canTransfer: canTransferPrompt(viewer, row),
  };
}

export async function getPromptOwners(db: Database, viewer: UserRow, id: string): Promise<PromptOwners> {
  return ownersOf(db, viewer, visibleOr404(viewer, await findPrompt(db, id)));
}

/**
 * Per-field problems with the people asked for: unknown ids, read members (`readMember` for the owner,
 * `readCoOwner` for a co-owner), the owner listed twice. Prompts and collections share these rules.
 */
export function ownersIssues(
  input: PromptOwnersInput,
  found: Map<string, PromptPerson>,
  messages: { readMember: string; readCoOwner: string } = { readMember: OWNER_MESSAGES.readMember, readCoOwner: OWNER_MESSAGES.readMember },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const owner = found.get(input.ownerId);
  if (!owner) errors.ownerId = OWNER_MESSAGES.unknownUser;
  else if (owner.role === 'read') errors.ownerId = messages.readMember;
  const missing = input.coOwnerIds.filter((id) => !found.has(id));
  if (input.coOwnerIds.includes(input.ownerId)) errors.coOwnerIds = OWNER_MESSAGES.ownerIsCoOwner;
  else if (missing.length) errors.coOwnerIds = `${OWNER_MESSAGES.unknownUser}: ${missing.join(', ')}`;
  else if (input.coOwnerIds.some((id) => found.get(id)?.role === 'read')) errors.coOwnerIds = messages.readCoOwner;
  return errors;
}

const record = (ownerEmail: string, coOwners: PromptPerson[]): OwnersRecord => ({ owner: ownerEmail, coOwners: coOwners.map((p) => p.email) });

function describe(transferred: boolean, newOwner: PromptPerson, coOwnersChanged: boolean): string {
  if (transferred && coOwnersChanged) return `Transferred to ${newOwner.email} and changed the co-owners`;
  return transferred ? `Transferred to ${newOwner.email}` : 'Changed the co-owners';
}

/**
 * Sets the owner and co-owners. Refusals in order: a prompt the viewer cannot see (404), one they may
 * not change (403), a new owner from someone who may not transfer (403), unknown people or read
 * members (400), a title the new owner already uses (409).
 */
export async function setPromptOwners(db: Database, viewer: UserRow, id: string, input: PromptOwnersInput): Promise<PromptOwners> {
  const seen = visibleOr404(viewer, await findPrompt(db, id));
  if (!canEditPrompt(viewer, seen)) {
    throw new AppError(403, 'forbidden', viewer.role === 'read' ? 'Read-only members cannot change prompts' : 'You can only change your own prompts');
  }
  if (input.ownerId !== seen.userId && !canTransferPrompt(viewer, seen)) throw forbidden(OWNER_MESSAGES.transferDenied);
  const people = await findPeople(db, [input.ownerId, ...input.coOwnerIds]);
  const found = new Map(people.map((p) => [p.id, p]));
  const errors = ownersIssues(input, found);
  const first = Object.values(errors)[0];
  if (first) throw invalidFields(first, errors);
  const newOwner = found.get(input.ownerId)!;
  const coOwners = input.coOwnerIds.map((coOwnerId) => found.get(coOwnerId)!);

  const row = await promptWriteTransaction(db, async (tx) => {
    // Read again under a lock: two changes of the same prompt's owners apply one after the other.
    const current = await findPrompt(tx, id, true);
    if (!current) throw promptNotFound();
    const transferred = current.userId !== input.ownerId;
    const coOwnersChanged = current.coOwnerIds.join() !== input.coOwnerIds.join();
    if (!transferred && !coOwnersChanged) return current;
    const [updated] = await tx
      .update(prompts)
      .set({
        userId: newOwner.id,
        coOwnerIds: input.coOwnerIds,
        ...(transferred ? { authorName: `${newOwner.firstName} ${newOwner.lastName}`.trim() } : {}),
      })
      .where(eq(prompts.id, id))
      .returning();
    const before = await findPeople(tx, [current.userId, ...current.coOwnerIds]);
    await auditOwnersChange(tx, viewer, updated!, {
      before: record(
        before.find((p) => p.id === current.userId)?.email ?? current.userId,
        before.filter((p) => p.id !== current.userId),
      ),
      after: record(newOwner.email, coOwners),
      summary: describe(transferred, newOwner, coOwnersChanged),
    });
    // A former owner kept as a co-owner was one already: only those new to the prompt hear of it.
    const added = input.coOwnerIds.filter((coOwnerId) => coOwnerId !== current.userId && !current.coOwnerIds.includes(coOwnerId));
    await notify(tx, added, { type: 'co_owner_added', actorId: viewer.id, promptId: id });
    return updated!;
  }).catch((err: unknown) => {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(TRANSFER_TITLE_TAKEN, 'duplicate_title');
    throw err;
  });
  return ownersOf(db, viewer, row);
}

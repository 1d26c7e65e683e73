import { eq } from 'drizzle-orm';
import { canViewPrompt } from '../../../shared/policies/prompts';
import { canCuratePrompt, canDecideSuggestions, statusChangeRefusal, statusRightsOf } from '../../../shared/policies/prompt-status';
import { type PromptStatusDetails, type StatusChange, STATUS_LABELS, STATUS_MESSAGES } from '../../../shared/schemas/status';
import type { Database } from '../../db/client';
import { type PromptRow, prompts, type UserRow, users } from '../../db/schema';
import { forbidden, invalidFields } from '../../errors';
import { promptWriteTransaction } from '../../lib/prompt-derived-cache';
import { recordAudit } from '../audit/audit';
import { visibleOr404 } from './prompts.visibility';
import { openSuggestionCount } from '../suggestions/suggestions.service';
import { keepersOf, notify, notifyFavouriters } from '../inbox/inbox.notify';

// A prompt's status: drafts, publishing, curators' verifications with their review dates, and
// deprecations with a replacement. Who may make which change is statusChangeRefusal
// (shared/policies/prompt-status.ts), which the prompt page asks too.

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a verification holds, and the time it is measured against. */
export interface ReviewClock {
  verificationDays: number;
  clock: () => Date;
}

/** What a prompt's page shows of its status: who verified it, until when, and what to use instead. */
export async function statusDetails(db: Database, viewer: UserRow, row: PromptRow, review: ReviewClock): Promise<PromptStatusDetails> {
  const [verifier, replacement, openSuggestions] = await Promise.all([
    row.verifiedBy
      ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.verifiedBy)).limit(1)
      : [],
    row.replacementId ? db.select().from(prompts).where(eq(prompts.id, row.replacementId)).limit(1) : [],
    openSuggestionCount(db, viewer, row),
  ]);
  const shown = replacement[0] && canViewPrompt(viewer, replacement[0]) ? replacement[0] : null;
  const verified = row.status === 'verified';
  return {
    verifiedBy: verified ? (verifier[0] ?? null) : null,
    verifiedAt: verified ? (row.verifiedAt?.toISOString() ?? null) : null,
    reviewBy: verified ? (row.reviewBy?.toISOString() ?? null) : null,
    needsReview: verified && row.reviewBy !== null && row.reviewBy <= review.clock(),
    replacement: row.status === 'deprecated' && shown ? { id: shown.id, title: shown.title } : null,
    canCurate: canCuratePrompt(viewer, row),
    openSuggestions,
    canDecideSuggestions: canDecideSuggestions(viewer, row),
  };
}

/** The replacement a deprecation names: a published or verified prompt the actor can see, not itself. */
async function checkedReplacement(tx: Database, actor: UserRow, prompt: PromptRow, replacementId: string): Promise<string> {
  if (replacementId === prompt.id) throw invalidFields(STATUS_MESSAGES.replacementItself, { replacementId: STATUS_MESSAGES.replacementItself });
  const [replacement] = await tx.select().from(prompts).where(eq(prompts.id, replacementId)).limit(1);
  if (!replacement || !canViewPrompt(actor, replacement)) {
    throw invalidFields(STATUS_MESSAGES.replacementNotFound, { replacementId: STATUS_MESSAGES.replacementNotFound });
  }
  if (replacement.status !== 'published' && replacement.status !== 'verified') {
    throw invalidFields(STATUS_MESSAGES.replacementNotListed, { replacementId: STATUS_MESSAGES.replacementNotListed });
  }
  return replacement.id;
}

/** The columns a move to `to` writes: verifications are stamped or cleared, a replacement kept only by a deprecation. */
export function statusColumns(actor: UserRow, to: StatusChange['status'], replacementId: string | null, review: ReviewClock) {
  const now = review.clock();
  const verification =
    to === 'verified'
      ? { verifiedBy: actor.id, verifiedAt: now, reviewBy: new Date(now.getTime() + review.verificationDays * DAY_MS) }
      : { verifiedBy: null, verifiedAt: null, reviewBy: null };
  return { status: to, replacementId: to === 'deprecated' ? replacementId : null, ...verification };
}

/**
 * PUT /api/prompts/{id}/status. 404 to whoever may not see the prompt, 403 to one who may see it but
 * not make this change, 400 for a change that makes no sense (a draft deprecated, a bad replacement).
 * Asking for the status the prompt has changes nothing, except that verifying a verified prompt renews it.
 */
export async function changeStatus(db: Database, actor: UserRow, id: string, change: StatusChange, review: ReviewClock): Promise<PromptRow> {
  return promptWriteTransaction(db, async (tx) => {
    const [row] = await tx.select().from(prompts).where(eq(prompts.id, id)).for('update');
    const prompt = visibleOr404(actor, row);
    const refusal = statusChangeRefusal(statusRightsOf(actor, prompt), prompt.status, change.status);
    if (refusal?.status === 403) throw forbidden(refusal.message);
    if (refusal) throw invalidFields(refusal.message, { status: refusal.message });
    if (change.replacementId && change.status !== 'deprecated') {
      throw invalidFields(STATUS_MESSAGES.replacementWithoutDeprecation, { replacementId: STATUS_MESSAGES.replacementWithoutDeprecation });
    }
    const replacementId = change.replacementId ? await checkedReplacement(tx, actor, prompt, change.replacementId) : null;
    const unchanged =
      change.status === prompt.status && change.status !== 'verified' && (change.status !== 'deprecated' || replacementId === prompt.replacementId);
    if (unchanged) return prompt;
    const [updated] = await tx
      .update(prompts)
      .set(statusColumns(actor, change.status, replacementId, review))
      .where(eq(prompts.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'prompt.status_changed',
      target: { type: 'prompt', id },
      summary: `${change.status === prompt.status ? 'Verified again' : `Changed the status to ${STATUS_LABELS[change.status]}`}: prompt “${prompt.title}”`,
      before: { status: prompt.status, replacementId: prompt.replacementId, reviewBy: prompt.reviewBy?.toISOString() ?? null },
      after: { status: updated!.status, replacementId: updated!.replacementId, reviewBy: updated!.reviewBy?.toISOString() ?? null },
    });
    await notifyStatusChange(tx, actor, prompt, updated!);
    return updated!;
  });
}

/** Its keepers hear of a verification or a deprecation; those who starred it, of a deprecation too. */
async function notifyStatusChange(tx: Database, actor: UserRow, before: PromptRow, after: PromptRow): Promise<void> {
  const keepers = keepersOf(after);
  if (after.status === 'verified') {
    await notify(tx, keepers, { type: 'prompt_verified', actorId: actor.id, promptId: after.id });
  } else if (after.status === 'deprecated' && before.status !== 'deprecated') {
    await notify(tx, keepers, { type: 'prompt_deprecated', actorId: actor.id, promptId: after.id });
    await notifyFavouriters(tx, after.id, { type: 'prompt_deprecated', actorId: actor.id }, keepers);
  }
}

/**
 * A content change by someone who is not the prompt's curator ends its verification: what the curator
 * vouched for is no longer what it says. The columns to write with such an update, or none.
 */
export function verificationAfterEdit(editor: UserRow, prompt: PromptRow): Partial<PromptRow> {
  if (prompt.status !== 'verified' || canCuratePrompt(editor, prompt)) return {};
  return { status: 'published', verifiedBy: null, verifiedAt: null, reviewBy: null };
}

/** The audit event of a verification that an edit ended (see verificationAfterEdit). */
export async function auditVerificationEnded(tx: Database, editor: UserRow, before: PromptRow, after: PromptRow): Promise<void> {
  if (before.status === after.status) return;
  await recordAudit(tx, {
    actor: editor,
    action: 'prompt.status_changed',
    target: { type: 'prompt', id: after.id },
    summary: `Changed the status to ${STATUS_LABELS[after.status]} by editing: prompt “${after.title}”`,
    before: { status: before.status, reviewBy: before.reviewBy?.toISOString() ?? null },
    after: { status: after.status, reviewBy: null },
  });
}

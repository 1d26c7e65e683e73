import { and, eq } from 'drizzle-orm';
import { canDecideSuggestions } from '../../../shared/policies/prompt-status';
import { MAX_CHANGE_NOTE_LENGTH, promptRequirementIssues } from '../../../shared/schemas/prompts';
import { SUGGESTION_MESSAGES, type Suggestion } from '../../../shared/schemas/suggestions';
import type { Database } from '../../db/client';
import { type PromptRow, prompts, promptSuggestions, type PromptSuggestionRow, type UserRow, users } from '../../db/schema';
import { conflict, forbidden, invalidFields } from '../../errors';
import { promptWriteTransaction } from '../../lib/prompt-derived-cache';
import { recordAudit } from '../audit/audit';
import { canonicalTags } from '../catalog/catalog.service';
import { getEnabledFormFields } from '../form-fields/form-fields.service';
import { notify, notifyFavouriters } from '../inbox/inbox.notify';
import { auditVerificationEnded, verificationAfterEdit } from '../prompts/prompt-status.service';
import { changedFields, recordVersion } from '../prompts/prompt-versions';
import { auditPromptWrite } from '../prompts/prompts.audit';
import { duplicateTitle } from '../prompts/prompts.service';
import { visibleOr404 } from '../prompts/prompts.visibility';
import { getSuggestion, suggestionNotFound } from './suggestions.service';
import { changesOf } from './suggestions.view';
import { definitionsStillUsed } from '../prompts/prompt-variables';

// Deciding a suggestion: accepting makes the suggested fields a new version of the prompt, credited to
// the suggester; declining closes it with a reply. Either tells the suggester through the inbox.

/** The open suggestion and its prompt, locked for the decision; 404 / 403 / 409 as the viewer's rights say. */
async function lockedForDecision(tx: Database, viewer: UserRow, id: string): Promise<{ suggestion: PromptSuggestionRow; prompt: PromptRow }> {
  // The prompt's row before its suggestion's, as deleting a prompt (its suggestions go with it) and
  // renaming a snippet take them: two of these at once wait for each other instead of deadlocking.
  const [found] = await tx.select({ promptId: promptSuggestions.promptId }).from(promptSuggestions).where(eq(promptSuggestions.id, id));
  if (!found) throw suggestionNotFound();
  const [prompt] = await tx.select().from(prompts).where(eq(prompts.id, found.promptId)).for('update');
  const [suggestion] = await tx.select().from(promptSuggestions).where(eq(promptSuggestions.id, id)).for('update');
  // Gone meanwhile, or moved to another prompt by a merge: as if it did not exist.
  if (!prompt || !suggestion || suggestion.promptId !== prompt.id) throw suggestionNotFound();
  visibleOr404(viewer, prompt);
  if (!canDecideSuggestions(viewer, prompt)) {
    // Its author may read it, nobody else who cannot decide it.
    if (suggestion.authorId !== viewer.id) throw suggestionNotFound();
    throw forbidden(SUGGESTION_MESSAGES.decideForbidden);
  }
  if (suggestion.status !== 'open') throw conflict(SUGGESTION_MESSAGES.alreadyDecided, 'suggestion_decided');
  return { suggestion, prompt };
}

const clipped = (text: string) => (text.length > MAX_CHANGE_NOTE_LENGTH ? `${text.slice(0, MAX_CHANGE_NOTE_LENGTH - 1)}…` : text);

/** The prompt's columns with the suggested fields in; the form's required fields still hold. */
async function appliedValues(tx: Database, decider: UserRow, prompt: PromptRow, suggestion: PromptSuggestionRow) {
  const changes = changesOf(suggestion);
  const values = {
    title: changes.title ?? prompt.title,
    content: changes.content ?? prompt.content,
    notes: changes.notes === undefined ? prompt.notes : changes.notes,
    // Back in the catalog's spelling, should a tag have been renamed or merged since.
    tags: changes.tags ? await canonicalTags(tx, changes.tags) : prompt.tags,
    // A suggested content that drops a variable drops its definition too (its snippets' variables stay).
    variableDefinitions: await definitionsStillUsed(tx, decider, changes.content ?? prompt.content, prompt.variableDefinitions),
  };
  const fields = await getEnabledFormFields(tx);
  const requiredOf = (name: string) => fields.some((f) => f.name === name && f.required);
  const issues = promptRequirementIssues({ ...values, aiModels: prompt.aiModels }, { aiModels: false, tags: requiredOf('tags'), notes: requiredOf('notes') });
  const first = Object.values(issues)[0];
  if (first) throw invalidFields(first, issues);
  return values;
}

export async function acceptSuggestion(db: Database, viewer: UserRow, id: string): Promise<Suggestion> {
  await promptWriteTransaction(db, async (tx) => {
    const { suggestion, prompt } = await lockedForDecision(tx, viewer, id);
    const values = await appliedValues(tx, viewer, prompt, suggestion);
    const changed = changedFields(prompt, { ...prompt, ...values });
    let version: number | null = null;
    if (changed.length) {
      const [updated] = await tx
        .update(prompts)
        .set({ ...values, updatedAt: new Date(), ...verificationAfterEdit(viewer, prompt) })
        .where(eq(prompts.id, prompt.id))
        .returning();
      const [suggester] = await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, suggestion.authorId));
      version = await recordVersion(tx, updated!, viewer, { before: prompt, note: clipped(suggestion.message), changed, suggestedBy: suggester });
      await auditPromptWrite(tx, viewer, updated!, { kind: 'updated', before: prompt, changed, version });
      await auditVerificationEnded(tx, viewer, prompt, updated!);
      await notifyFavouriters(tx, prompt.id, { type: 'favorite_changed', actorId: viewer.id }, [suggestion.authorId]);
    }
    await tx
      .update(promptSuggestions)
      .set({ status: 'accepted', decidedBy: viewer.id, decidedAt: new Date(), acceptedVersion: version })
      .where(and(eq(promptSuggestions.id, id)));
    await recordAudit(tx, {
      actor: viewer,
      action: 'suggestion.accepted',
      target: { type: 'prompt', id: prompt.id },
      summary: `Accepted a suggested edit${version ? ` (version ${version})` : ''}: prompt “${values.title}”`,
      after: { suggestionId: id, fields: suggestion.fields, version },
    });
    await notify(tx, [suggestion.authorId], { type: 'suggestion_accepted', actorId: viewer.id, promptId: prompt.id, suggestionId: id });
  }).catch(duplicateTitle);
  return getSuggestion(db, viewer, id);
}

export async function declineSuggestion(db: Database, viewer: UserRow, id: string, reply: string): Promise<Suggestion> {
  await db.transaction(async (tx) => {
    const { suggestion, prompt } = await lockedForDecision(tx, viewer, id);
    await tx.update(promptSuggestions).set({ status: 'declined', decidedBy: viewer.id, decidedAt: new Date(), reply }).where(eq(promptSuggestions.id, id));
    await recordAudit(tx, {
      actor: viewer,
      action: 'suggestion.declined',
      target: { type: 'prompt', id: prompt.id },
      summary: `Declined a suggested edit: prompt “${prompt.title}”`,
      after: { suggestionId: id, fields: suggestion.fields, reply },
    });
    await notify(tx, [suggestion.authorId], { type: 'suggestion_declined', actorId: viewer.id, promptId: prompt.id, suggestionId: id, detail: reply });
  });
  return getSuggestion(db, viewer, id);
}

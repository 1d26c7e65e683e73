import { visibilityBadge } from '../../../shared/visibility';
import type { Database } from '../../db/client';
import type { PromptRow, UserRow } from '../../db/schema';
import { recordAudit, recordAuditEvents } from '../audit/audit';

// The audit side of prompt writes. The versions hold every full text; the log holds who did it and
// what changed, with long texts clipped so that one event stays a few kilobytes.

const CLIP = 500;

function clipped(value: unknown): unknown {
  if (typeof value === 'string' && value.length > CLIP) return `${value.slice(0, CLIP)}… (${value.length} characters)`;
  return value ?? null;
}

/** The values of `fields` (names as versions list them, custom ones as `customFields.x`). */
function valuesOf(prompt: PromptRow, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = field.startsWith('customFields.') ? prompt.customFields[field.slice('customFields.'.length)] : prompt[field as keyof PromptRow];
    out[field] = clipped(value);
  }
  return out;
}

/** Records a create, an update or a version restore, in the write's transaction. */
export async function auditPromptWrite(
  tx: Database,
  actor: UserRow,
  prompt: PromptRow,
  write: { kind: 'created' } | { kind: 'updated'; before: PromptRow; changed: string[]; version: number; restoredFrom?: number },
): Promise<void> {
  if (write.kind === 'created') {
    await recordAudit(tx, {
      actor,
      action: 'prompt.created',
      target: { type: 'prompt', id: prompt.id },
      summary: `Created prompt “${prompt.title}”`,
      after: { ...valuesOf(prompt, ['title', 'content', 'tags', 'aiModels', 'userBusinessUnit']), ...visibilityOf(prompt) },
    });
    return;
  }
  const what = write.restoredFrom ? `Restored version ${write.restoredFrom} of` : 'Updated';
  await recordAudit(tx, {
    actor,
    action: 'prompt.updated',
    target: { type: 'prompt', id: prompt.id },
    summary: `${what} prompt “${prompt.title}” (version ${write.version}: ${write.changed.join(', ')})`,
    before: valuesOf(write.before, write.changed),
    after: valuesOf(prompt, write.changed),
  });
}

const visibilityOf = (prompt: Pick<PromptRow, 'visibility' | 'visibleUnits'>) => ({ visibility: prompt.visibility, units: prompt.visibleUnits });

/** Who may see the prompt changed (not a version: a restore never changes it). */
export async function auditVisibilityChange(tx: Database, actor: UserRow, before: PromptRow, after: PromptRow): Promise<void> {
  const described = visibilityBadge(after.visibility, after.visibleUnits) ?? 'Organization';
  await recordAudit(tx, {
    actor,
    action: 'prompt.visibility_changed',
    target: { type: 'prompt', id: after.id },
    summary: `Changed who can see prompt “${after.title}” to ${described}`,
    before: visibilityOf(before),
    after: visibilityOf(after),
  });
}

type TrashAction = 'prompt.trashed' | 'prompt.restored' | 'prompt.deleted';
const TRASH_VERBS: Record<TrashAction, string> = {
  'prompt.trashed': 'Moved to the trash',
  'prompt.restored': 'Restored from the trash',
  'prompt.deleted': 'Deleted for good',
};

/** Records moves to the trash, restores from it, or deletes for good (by nobody: the retention purge). */
export async function auditTrash(
  tx: Database,
  actor: UserRow | null,
  action: TrashAction,
  prompts: Array<{ id: string; title: string }>,
  detail = '',
): Promise<void> {
  await recordAuditEvents(
    tx,
    prompts.map((prompt) => ({
      actor: actor ?? { id: null, email: null },
      action,
      target: { type: 'prompt', id: prompt.id },
      summary: `${TRASH_VERBS[action]}: “${prompt.title}”${detail}`,
    })),
  );
}

/** Records a change of owner or co-owners (`before` and `after` hold ids and emails). */
export async function auditOwnersChange(
  tx: Database,
  actor: UserRow,
  prompt: Pick<PromptRow, 'id' | 'title'>,
  change: { before: OwnersRecord; after: OwnersRecord; summary: string },
): Promise<void> {
  await recordAudit(tx, {
    actor,
    action: 'prompt.owners_changed',
    target: { type: 'prompt', id: prompt.id },
    summary: `${change.summary} of prompt “${prompt.title}”`,
    before: change.before,
    after: change.after,
  });
}

// A type, not an interface: the audit's before/after take any record.
export type OwnersRecord = { owner: string; coOwners: string[] };

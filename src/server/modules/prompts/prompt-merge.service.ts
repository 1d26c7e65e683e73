import { eq, sql } from 'drizzle-orm';
import { canEditPrompt } from '../../../shared/policies/prompts';
import { MERGE_MESSAGES, type PromptMergeInput, type PromptMergeResult } from '../../../shared/schemas/merge';
import { type Database, queryRows } from '../../db/client';
import { promptMerges, type PromptRow, prompts, type UserRow } from '../../db/schema';
import { forbidden } from '../../errors';
import { promptWriteTransaction } from '../../lib/prompt-derived-cache';
import { recordAudit } from '../audit/audit';
import { moveToTrash } from '../trash/trash.service';
import { loadVisiblePrompt, visibleOr404 } from './prompts.visibility';
import { uuidArray } from '../../db/sql-arrays';

// Merging near-copies into the one prompt kept: the others' favourites, uses and places in collections
// move to it, they go to the trash (restorable as any deleted prompt), and their ids lead to it while
// they lie there. Allowed to administrators and to members who may edit every prompt involved.

/** How far a chain of merges (a merged into b, b later into c) is followed. */
const MAX_HOPS = 5;

/** Gives the kept prompt what hangs on the merged ones: favourites, uses (counts, days, last use), places in collections. */
async function moveWhatHangsOn(tx: Database, keptId: string, mergedIds: string[]): Promise<void> {
  const merged = uuidArray(mergedIds);
  await queryRows(
    tx,
    sql`insert into prompt_favorites (user_id, prompt_id, created_at)
        select user_id, ${keptId}::uuid, min(created_at) from prompt_favorites where prompt_id = any(${merged}) group by user_id
        on conflict do nothing`,
  );
  await queryRows(
    tx,
    sql`insert into prompt_use_counts (prompt_id, use_count, last_used_at)
        select ${keptId}::uuid, sum(use_count)::int, max(last_used_at) from prompt_use_counts where prompt_id = any(${merged}) having count(*) > 0
        on conflict (prompt_id) do update set use_count = prompt_use_counts.use_count + excluded.use_count,
          last_used_at = greatest(prompt_use_counts.last_used_at, excluded.last_used_at)`,
  );
  await queryRows(
    tx,
    sql`insert into prompt_use_days (prompt_id, day, uses)
        select ${keptId}::uuid, day, sum(uses)::int from prompt_use_days where prompt_id = any(${merged}) group by day
        on conflict (prompt_id, day) do update set uses = prompt_use_days.uses + excluded.uses`,
  );
  await queryRows(
    tx,
    sql`insert into prompt_user_uses (user_id, prompt_id, use_count, last_used_at, last_kind)
        select distinct on (user_id) user_id, ${keptId}::uuid, sum(use_count) over (partition by user_id)::int, last_used_at, last_kind
        from prompt_user_uses where prompt_id = any(${merged}) order by user_id, last_used_at desc
        on conflict (user_id, prompt_id) do update set use_count = prompt_user_uses.use_count + excluded.use_count,
          last_used_at = greatest(prompt_user_uses.last_used_at, excluded.last_used_at),
          last_kind = case when excluded.last_used_at > prompt_user_uses.last_used_at then excluded.last_kind else prompt_user_uses.last_kind end`,
  );
  // In each collection the kept prompt takes the place of the first merged one it holds, if not there already.
  await queryRows(
    tx,
    sql`insert into collection_items (collection_id, prompt_id, position, added_at)
        select distinct on (collection_id) collection_id, ${keptId}::uuid, position, added_at
        from collection_items where prompt_id = any(${merged}) order by collection_id, position
        on conflict do nothing`,
  );
}

/** Merges `mergeIds` into `keepId` (all locked, seen and editable by `actor`), in one transaction. */
export async function mergePrompts(db: Database, actor: UserRow, input: PromptMergeInput): Promise<PromptMergeResult> {
  const ids = [input.keepId, ...input.mergeIds];
  return promptWriteTransaction(db, async (tx) => {
    // Locked in one order, so two merges of overlapping prompts wait for each other instead of deadlocking.
    const rows = await tx
      .select()
      .from(prompts)
      .where(sql`${prompts.id} = any(${uuidArray(ids)})`)
      .orderBy(prompts.id)
      .for('update');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const involved = ids.map((id) => visibleOr404(actor, byId.get(id)));
    if (!involved.every((prompt) => canEditPrompt(actor, prompt))) throw forbidden(MERGE_MESSAGES.forbidden);
    const [kept, ...merged] = involved as [PromptRow, ...PromptRow[]];
    await moveWhatHangsOn(tx, kept.id, input.mergeIds);
    for (const prompt of merged) await moveToTrash(tx, prompt, actor, { audit: false });
    await tx.insert(promptMerges).values(merged.map((prompt) => ({ mergedId: prompt.id, keptId: kept.id, mergedBy: actor.id })));
    // Earlier merges into the prompts merged now lead to the prompt kept.
    await tx
      .update(promptMerges)
      .set({ keptId: kept.id })
      .where(sql`${promptMerges.keptId} = any(${uuidArray(input.mergeIds)})`);
    await recordAudit(tx, {
      actor,
      action: 'prompt.merged',
      target: { type: 'prompt', id: kept.id },
      summary: `Merged ${merged.map((p) => `“${p.title}”`).join(', ')} into “${kept.title}”`,
      after: { keptId: kept.id, merged: merged.map((p) => ({ id: p.id, title: p.title })) },
    });
    return { keptId: kept.id, merged: merged.map((p) => ({ id: p.id, title: p.title })) };
  });
}

/**
 * The prompt a merged one now stands in for, if `id` was merged (and still lies in the trash) and the
 * viewer may see what it was merged into; else null, and the caller answers its own 404.
 */
export async function mergedInto(db: Database, viewer: UserRow, id: string): Promise<string | null> {
  let at = id;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const [merge] = await db.select({ keptId: promptMerges.keptId }).from(promptMerges).where(eq(promptMerges.mergedId, at)).limit(1);
    if (!merge) break;
    at = merge.keptId;
  }
  if (at === id) return null;
  return loadVisiblePrompt(db, viewer, at).then(
    (prompt) => prompt.id,
    () => null,
  );
}

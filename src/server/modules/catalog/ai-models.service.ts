import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AdminAiModel, AiModel, AiModelChangeResult, AiModelCreate, AiModelUpdate } from '../../../shared/schemas/catalog';
import type { Database } from '../../db/client';
import { aiModels, type UserRow } from '../../db/schema';
import { AppError, conflict, invalidFields, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { promptWriteTransaction } from '../../lib/prompt-derived-cache';
import { changes, recordAudit } from '../audit/audit';
import { countPromptsNaming, replaceAiModelNames } from './ai-models.repo';
import { usedValues } from './catalog.service';
import { countOf } from '../../../shared/plural';

// The AI Applications admin screen: add, rename, set the launch and home URLs, delete an unused
// application, or merge one into another. Names are carried into every prompt in the same transaction
// (ai-models.repo.ts), and the derived prompt values are dropped once it has committed.

type AiModelRow = typeof aiModels.$inferSelect;
const view = (row: AiModelRow): AiModel => ({ id: row.id, name: row.name, launchUrl: row.launchUrl, homeUrl: row.homeUrl });
const urls = (row: Pick<AiModelRow, 'launchUrl' | 'homeUrl'>) => ({ launchUrl: row.launchUrl, homeUrl: row.homeUrl });

// A rename onto an existing name most likely means the two are one application: merging says so.
const nameTaken = (name: string, renaming = false) =>
  conflict(
    `An AI application named “${name}” already exists. ${renaming ? `Choose another name, or merge into “${name}” instead.` : 'Choose another name.'}`,
    'ai_model_exists',
  );

/** Every application with how many prompts name it, by name. */
export async function listAdminAiModels(db: Database): Promise<AdminAiModel[]> {
  const [rows, used] = await Promise.all([
    db
      .select()
      .from(aiModels)
      .orderBy(asc(sql`lower(${aiModels.name})`)),
    usedValues(db, 'everything'),
  ]);
  const counts = new Map(used.aiModels.map((m) => [m.value, m.count]));
  return rows.map((row) => ({ ...view(row), prompts: counts.get(row.name) ?? 0 }));
}

async function lockedModel(tx: Database, id: string): Promise<AiModelRow> {
  const [row] = await tx.select().from(aiModels).where(eq(aiModels.id, id)).for('update');
  if (!row) throw notFound('AI application not found', 'ai_model_not_found');
  return row;
}

/** The application called `name` (any case) other than `exceptId`, if there is one. */
async function namedLike(tx: Database, name: string, exceptId?: string): Promise<AiModelRow | undefined> {
  const sameName = eq(sql`lower(${aiModels.name})`, name.toLowerCase());
  const [row] = await tx
    .select()
    .from(aiModels)
    .where(exceptId ? and(ne(aiModels.id, exceptId), sameName) : sameName)
    .limit(1);
  return row;
}

/** The unique index on lower(name) settles two admins adding the same name at once. */
async function refusingTakenName<T>(name: string, write: () => Promise<T>, renaming = false): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw nameTaken(name, renaming);
    throw err;
  }
}

/** Adds an application; a name another one has (any case) is a 409 naming it. */
export async function createAiModel(db: Database, actor: UserRow, input: AiModelCreate): Promise<AiModel> {
  return refusingTakenName(input.name, () =>
    db.transaction(async (tx) => {
      const clash = await namedLike(tx, input.name);
      if (clash) throw nameTaken(clash.name);
      const [row] = await tx
        .insert(aiModels)
        .values({ name: input.name, launchUrl: input.launchUrl ?? null, homeUrl: input.homeUrl ?? null })
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'ai_application.created',
        target: { type: 'ai_application', id: row!.id },
        summary: `Added AI application “${row!.name}”`,
        after: { name: row!.name, ...urls(row!) },
      });
      return view(row!);
    }),
  );
}

/**
 * Renames an application or sets its URLs (those left out stay). A new name is carried to every prompt,
 * version and trashed prompt that names the application; a name another application has is a 409.
 */
export async function updateAiModel(db: Database, actor: UserRow, id: string, change: AiModelUpdate): Promise<AiModel> {
  return refusingTakenName(
    change.name,
    () =>
      promptWriteTransaction(db, async (tx) => {
        const model = await lockedModel(tx, id);
        const clash = await namedLike(tx, change.name, id);
        if (clash) throw nameTaken(clash.name, true);
        const [saved] = await tx
          .update(aiModels)
          .set({ name: change.name, launchUrl: change.launchUrl, homeUrl: change.homeUrl })
          .where(eq(aiModels.id, id))
          .returning();
        const renamed = model.name !== saved!.name;
        const prompts = renamed ? await replaceAiModelNames(tx, [model.name], saved!.name) : 0;
        const changed = changes({ name: model.name, ...urls(model) }, { name: saved!.name, ...urls(saved!) });
        if (changed) {
          const summary = renamed
            ? `Renamed AI application “${model.name}” to “${saved!.name}” (${countOf(prompts, 'prompt')})`
            : `Changed the addresses of AI application “${saved!.name}”`;
          await recordAudit(tx, { actor, action: 'ai_application.updated', target: { type: 'ai_application', id }, summary, ...changed });
        }
        return view(saved!);
      }),
    true,
  );
}

/**
 * Deletes an application no prompt names. One in use is refused (409 `ai_model_in_use`, with the count
 * in `errors.prompts`): merging it into another application is the way to retire it.
 */
export async function deleteAiModel(db: Database, actor: UserRow, id: string): Promise<AiModelChangeResult> {
  return promptWriteTransaction(db, async (tx) => {
    const model = await lockedModel(tx, id);
    const using = await countPromptsNaming(tx, model.name);
    if (using > 0) {
      throw new AppError(
        409,
        'ai_model_in_use',
        `“${model.name}” is used by ${countOf(using, 'prompt')}, so it cannot be deleted. Merge it into another AI application instead: its prompts will name that one.`,
        { prompts: String(using) },
      );
    }
    await tx.delete(aiModels).where(eq(aiModels.id, id));
    await recordAudit(tx, {
      actor,
      action: 'ai_application.deleted',
      target: { type: 'ai_application', id },
      summary: `Deleted AI application “${model.name}”`,
      before: { name: model.name, ...urls(model) },
    });
    return { prompts: 0, into: null };
  });
}

/**
 * Merges an application into another: every prompt (version, trashed prompt) that names it names the
 * target instead, once, and the application goes. The target keeps its own name and addresses.
 */
export async function mergeAiModel(db: Database, actor: UserRow, id: string, intoId: string): Promise<AiModelChangeResult> {
  if (intoId === id) throw invalidFields('Choose another AI application to merge into', { into: 'Choose another AI application' });
  return promptWriteTransaction(db, async (tx) => {
    // Both rows locked in one order, so two opposite merges at once wait rather than deadlock.
    const rows = await tx
      .select()
      .from(aiModels)
      .where(inArray(aiModels.id, [id, intoId]))
      .orderBy(asc(aiModels.id))
      .for('update');
    const source = rows.find((r) => r.id === id);
    const target = rows.find((r) => r.id === intoId);
    if (!source) throw notFound('AI application not found', 'ai_model_not_found');
    if (!target) throw invalidFields('The AI application to merge into no longer exists', { into: 'Choose another AI application' });
    const prompts = await replaceAiModelNames(tx, [source.name], target.name);
    await tx.delete(aiModels).where(eq(aiModels.id, id));
    await recordAudit(tx, {
      actor,
      action: 'ai_application.merged',
      target: { type: 'ai_application', id: target.id },
      summary: `Merged AI application “${source.name}” into “${target.name}” (${countOf(prompts, 'prompt')})`,
      before: { name: source.name, ...urls(source) },
      after: { into: target.name, prompts },
    });
    return { prompts, into: view(target) };
  });
}

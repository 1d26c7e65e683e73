import { and, eq, ne, sql } from 'drizzle-orm';
import type { AiModel, AiModelUpdate } from '../../../shared/schemas/catalog';
import type { Database } from '../../db/client';
import { aiModels, prompts, type UserRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { afterPromptWrite } from '../../lib/prompt-derived-cache';
import { changes, recordAudit } from '../audit/audit';

/**
 * An admin renames an AI application or sets its launch URL. A new name is carried to every prompt that
 * names the application, in the same transaction; the derived prompt values are dropped once it has
 * committed. A name another application has (any case) is a 409.
 */
export async function updateAiModel(db: Database, actor: UserRow, id: string, change: AiModelUpdate): Promise<AiModel> {
  let renamed = false;
  try {
    return await db.transaction(async (tx) => {
      const [model] = await tx.select().from(aiModels).where(eq(aiModels.id, id)).limit(1);
      if (!model) throw notFound('AI application not found', 'ai_model_not_found');
      const [clash] = await tx
        .select({ name: aiModels.name })
        .from(aiModels)
        .where(and(ne(aiModels.id, id), eq(sql`lower(${aiModels.name})`, change.name.toLowerCase())))
        .limit(1);
      if (clash) throw conflict(`AI application "${clash.name}" already exists`, 'ai_model_exists');
      const [saved] = await tx
        .update(aiModels)
        .set({ name: change.name, launchUrl: change.launchUrl })
        .where(eq(aiModels.id, id))
        .returning({ id: aiModels.id, name: aiModels.name, launchUrl: aiModels.launchUrl });
      if (model.name !== change.name) {
        renamed = true;
        await tx
          .update(prompts)
          .set({ aiModels: sql`array_replace(${prompts.aiModels}, ${model.name}, ${change.name})` })
          .where(sql`${prompts.aiModels} @> array[${model.name}]::text[]`);
      }
      const changed = changes({ name: model.name, launchUrl: model.launchUrl }, { name: saved!.name, launchUrl: saved!.launchUrl });
      if (changed) {
        const what = model.name !== saved!.name ? `Renamed AI application “${model.name}” to “${saved!.name}”` : `Changed the launch URL of “${saved!.name}”`;
        await recordAudit(tx, { actor, action: 'ai_application.updated', target: { type: 'ai_application', id }, summary: what, ...changed });
      }
      return saved!;
    });
  } finally {
    if (renamed) afterPromptWrite(db);
  }
}

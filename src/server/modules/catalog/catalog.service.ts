import type { FilterCounts } from '../../../shared/schemas/catalog';
import type { Database } from '../../db/client';
import { aiModels } from '../../db/schema';
import { PromptDerivedCache } from '../../lib/prompt-derived-cache';
import { canonicalAiModels, canonicalTags, listAiModelNames, listTagNames, usageCounts } from './catalog.repo';

export { canonicalAiModels, canonicalTags, listAiModelNames, listTagNames };

/**
 * Sidebar counts aggregate every prompt, which costs tens of milliseconds at 100k prompts; they are
 * kept for 30 s and dropped whenever a prompt changes in this process.
 */
const filterCountsCache = new PromptDerivedCache<FilterCounts>(30_000);

export function filterCounts(db: Database): Promise<FilterCounts> {
  return filterCountsCache.get(db, 'all', () => usageCounts(db));
}

/** Adds a custom AI application; an existing one (any case) is returned as stored. */
export async function addAiModel(db: Database, name: string): Promise<{ model: string; created: boolean }> {
  const inserted = await db.insert(aiModels).values({ name }).onConflictDoNothing().returning({ name: aiModels.name });
  if (inserted[0]) return { model: inserted[0].name, created: true };
  const [existing] = await canonicalAiModels(db, [name]);
  return { model: existing ?? name, created: false };
}

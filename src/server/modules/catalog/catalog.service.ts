import type { FilterCounts } from '../../../shared/schemas/catalog';
import type { Database } from '../../db/client';
import { aiModels } from '../../db/schema';
import { canonicalAiModels, canonicalTags, listAiModelNames, listTagNames, usageCounts } from './catalog.repo';

export { canonicalAiModels, canonicalTags, listAiModelNames, listTagNames };

/**
 * Sidebar counts aggregate every prompt, which costs tens of milliseconds at 100k prompts; they are
 * cached per database and dropped whenever a prompt changes in this process. The short lifetime
 * bounds staleness when several processes share one PostgreSQL server.
 */
const COUNTS_TTL_MS = 30_000;
const countsCache = new WeakMap<Database, { at: number; value: Promise<FilterCounts> }>();

export function filterCounts(db: Database): Promise<FilterCounts> {
  const cached = countsCache.get(db);
  if (cached && Date.now() - cached.at < COUNTS_TTL_MS) return cached.value;
  const value = usageCounts(db);
  countsCache.set(db, { at: Date.now(), value });
  value.catch(() => countsCache.delete(db));
  return value;
}

/** Called after every prompt write. */
export function invalidateFilterCounts(db: Database): void {
  countsCache.delete(db);
}

/** Adds a custom AI application; an existing one (any case) is returned as stored. */
export async function addAiModel(db: Database, name: string): Promise<{ model: string; created: boolean }> {
  const inserted = await db.insert(aiModels).values({ name }).onConflictDoNothing().returning({ name: aiModels.name });
  if (inserted[0]) return { model: inserted[0].name, created: true };
  const [existing] = await canonicalAiModels(db, [name]);
  return { model: existing ?? name, created: false };
}

import type {
  FilterCounts,
  FilterCountsQuery,
  FilterGroup,
  FilterScopeQuery,
  FilterValue,
  FilterValues,
  FilterValuesQuery,
} from '../../../shared/schemas/catalog';
import type { Database } from '../../db/client';
import { aiModels } from '../../db/schema';
import { PromptDerivedCache } from '../../lib/prompt-derived-cache';
import { assertCollectionVisible } from '../collections/collections.service';
import { audienceOf, audienceParts, type AudienceViewer } from '../prompt-query';
import { listedStatuses } from '../../../shared/schemas/status';
import { byCount, type FacetGroups, type FacetResult, type FacetScope, facetCounts } from './catalog.facets';
import { canonicalAiModels, canonicalTags, listAiModelNames, listTagNames, usageCounts } from './catalog.repo';

export { canonicalAiModels, canonicalTags, listAiModelNames, listTagNames };

interface Usage {
  /** Each group's values by name, as the plain lists (/api/filter/tags, /api/filter/ai-models) give them. */
  byName: FacetGroups;
  /** The same, most used first, as the counts give them. */
  byCount: FacetGroups;
}

/**
 * Counts over every prompt aggregate the whole table, which costs tens of milliseconds at 100k
 * prompts; they are kept for 30 s and dropped whenever a prompt changes (in other instances through
 * NOTIFY, see cache-sync.ts). Kept per part of what viewers see (audienceParts): the organization's
 * part serves everyone, a unit's part its members.
 */
const usageCache = new PromptDerivedCache<FacetGroups>(30_000);

/**
 * Faceted counts of recent lists (a search, filters, or one's own prompts), each holding every value
 * of the three groups: kept for 10 s so that the panel, its value search and a second visitor of the
 * same view share one read. At most 100 lists (a full map is emptied), dropped on every prompt write.
 */
const facetCache = new PromptDerivedCache<FacetResult>(10_000, 100);

/** Each value's count summed over the parts, by name. */
function summed(parts: FacetGroups[]): FacetGroups {
  const sum = (group: FilterGroup) => {
    const counts = new Map<string, number>();
    for (const part of parts) for (const { value, count } of part[group]) counts.set(value, (counts.get(value) ?? 0) + count);
    return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => a.value.localeCompare(b.value, 'en', { sensitivity: 'base' }));
  };
  return { businessUnits: sum('businessUnits'), aiModels: sum('aiModels'), tags: sum('tags') };
}

async function usage(db: Database, viewer: AudienceViewer | 'everything'): Promise<Usage> {
  const parts = viewer === 'everything' ? [{ key: 'all', where: undefined }] : audienceParts(viewer);
  const counted = await Promise.all(parts.map((part) => usageCache.get(db, part.key, () => usageCounts(db, part.where))));
  const byName = counted.length === 1 ? counted[0]! : summed(counted);
  return { byName, byCount: { businessUnits: byCount(byName.businessUnits), aiModels: byCount(byName.aiModels), tags: byCount(byName.tags) } };
}

/**
 * The catalog entries `viewer` is offered (the form's suggestions): a name that prompts use, but only
 * prompts the viewer cannot see, would tell of those prompts, so it is left out. A name no prompt uses
 * stays, and so does an entry `curated` says an administrator set up (an application with an address).
 */
export async function offeredTo<T>(
  db: Database,
  viewer: AudienceViewer,
  group: 'tags' | 'aiModels',
  entries: T[],
  nameOf: (entry: T) => string,
  curated: (entry: T) => boolean = () => false,
): Promise<T[]> {
  if (!audienceOf(viewer)) return entries;
  const [everyone, theirs] = await Promise.all([usedValues(db, 'everything'), usedValues(db, viewer)]);
  const hidden = new Set(everyone[group].map((v) => v.value.toLowerCase()));
  for (const v of theirs[group]) hidden.delete(v.value.toLowerCase());
  return entries.filter((entry) => curated(entry) || !hidden.has(nameOf(entry).toLowerCase()));
}

/**
 * Every value in use on the prompts `viewer` sees, by name (the plain sidebar lists): a tag used only
 * on prompts they cannot see is not offered. 'everything' is for the admin screens' usage counts.
 */
export async function usedValues(db: Database, viewer: AudienceViewer | 'everything'): Promise<FacetGroups> {
  return (await usage(db, viewer)).byName;
}

function scopeOf(query: FilterScopeQuery, viewer: AudienceViewer): FacetScope {
  // `ownership` alone narrows everyone's counts to one's own, as it narrows the list.
  const ownerId = query.scope === 'my' || query.ownership ? viewer.id : undefined;
  return {
    search: query.search,
    businessUnits: query.businessUnits,
    aiModels: query.aiModels,
    tags: query.tags,
    visibility: query.visibility,
    ownerId,
    ownership: query.ownership,
    audience: audienceOf(viewer),
    statuses: listedStatuses(query.status, query.verified, ownerId !== undefined),
    collection: query.collection,
  };
}

async function facets(db: Database, query: FilterScopeQuery, viewer: AudienceViewer): Promise<FacetResult> {
  await assertCollectionVisible(db, viewer, query.collection);
  const scope = scopeOf(query, viewer);
  const unfiltered = async () => (await usage(db, viewer)).byCount;
  const key = JSON.stringify([
    scope.search,
    scope.businessUnits,
    scope.aiModels,
    scope.tags,
    scope.visibility,
    scope.ownerId ?? null,
    scope.ownership ?? null,
    scope.audience,
    scope.statuses,
    scope.collection ?? null,
  ]);
  return facetCache.get(db, key, () => facetCounts(db, scope, unfiltered));
}

/** The top `limit` values, then every selected value the top left out (count 0 when no match holds it). */
function topWithSelected(values: FilterValue[], selected: string[], limit: number): FilterValue[] {
  const top = values.slice(0, limit);
  const shown = new Set(top.map((v) => v.value));
  const missing = selected.filter((s) => !shown.has(s));
  if (!missing.length) return top;
  const byValue = new Map(values.map((v) => [v.value, v]));
  for (const value of missing) {
    if (shown.has(value)) continue;
    shown.add(value);
    top.push(byValue.get(value) ?? { value, count: 0 });
  }
  return top;
}

/** The sidebar counts for one list view: bounded per group, selected values always present. */
export async function filterCounts(db: Database, query: FilterCountsQuery, viewer: AudienceViewer): Promise<FilterCounts> {
  const { groups, approximate } = await facets(db, query, viewer);
  const group = (g: FilterGroup) => topWithSelected(groups[g], query[g], query.limit);
  return {
    businessUnits: group('businessUnits'),
    aiModels: group('aiModels'),
    tags: group('tags'),
    totals: { businessUnits: groups.businessUnits.length, aiModels: groups.aiModels.length, tags: groups.tags.length },
    approximate,
  };
}

/** One group's values containing `q` (any case), those starting with it first, then by count. */
export async function filterValues(db: Database, query: FilterValuesQuery, viewer: AudienceViewer): Promise<FilterValues> {
  const { groups, approximate } = await facets(db, query, viewer);
  const needle = query.q.toLowerCase();
  const starts: FilterValue[] = [];
  const contains: FilterValue[] = [];
  for (const v of groups[query.group]) {
    const at = v.value.toLowerCase().indexOf(needle);
    if (at === 0) starts.push(v);
    else if (at > 0) contains.push(v);
  }
  const matches = [...starts, ...contains];
  return { values: matches.slice(0, query.limit), total: matches.length, approximate };
}

/** Adds a custom AI application; an existing one (any case) is returned as stored. */
export async function addAiModel(db: Database, name: string): Promise<{ model: string; created: boolean }> {
  const inserted = await db.insert(aiModels).values({ name }).onConflictDoNothing().returning({ name: aiModels.name });
  if (inserted[0]) return { model: inserted[0].name, created: true };
  const [existing] = await canonicalAiModels(db, [name]);
  return { model: existing ?? name, created: false };
}

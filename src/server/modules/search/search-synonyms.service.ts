import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { searchSynonyms } from '../../db/schema';
import { onPromptsChanged, promptWriteTransaction } from '../../lib/prompt-derived-cache';
import type { SynonymGroup } from '../../../shared/schemas/search';
import { searchWords, type SynonymIndex } from '../../lib/search-words';

/**
 * The synonym index of each database, kept a short while: every search reads it, and it changes only
 * when an administrator saves the list. Synonyms change what searches find, so saving them is a prompt
 * write as far as caches go: it drops this index with every list page and count, here after commit and
 * in the other instances through their invalidation listeners.
 */
const LIFETIME_MS = 30_000;
const cached = new WeakMap<Database, { until: number; value: Promise<SynonymIndex> }>();
onPromptsChanged((db) => cached.delete(db));

/** A term as searches compare it: its words, lower case, letters and digits only. */
const termWords = (term: string) => searchWords(term);

/** Each single word or two-word term of a group calls up the group's other terms. */
export function synonymIndex(groups: SynonymGroup[]): SynonymIndex {
  const index = new Map<string, string[][]>();
  for (const group of groups) {
    const terms = group.terms.map(termWords).filter((t) => t.length > 0);
    for (const key of terms) {
      if (key.length > 2) continue;
      const name = key.join(' ');
      const others = terms.filter((t) => t.join(' ') !== name);
      const known = index.get(name) ?? [];
      for (const other of others) if (!known.some((k) => k.join(' ') === other.join(' '))) known.push(other);
      index.set(name, known);
    }
  }
  return index;
}

export async function listSynonymGroups(db: Database): Promise<SynonymGroup[]> {
  const rows = await db.select({ terms: searchSynonyms.terms }).from(searchSynonyms).orderBy(asc(searchSynonyms.position));
  return rows.map((r) => ({ terms: r.terms }));
}

export function loadSynonyms(db: Database): Promise<SynonymIndex> {
  const entry = cached.get(db);
  if (entry && entry.until > Date.now()) return entry.value;
  const value = listSynonymGroups(db).then(synonymIndex);
  // A failed read is not kept: the next search tries again.
  value.catch(() => cached.delete(db));
  cached.set(db, { until: Date.now() + LIFETIME_MS, value });
  return value;
}

/** Replaces the whole list (the admin screen edits it as one text). */
export async function saveSynonymGroups(db: Database, groups: SynonymGroup[]): Promise<SynonymGroup[]> {
  await promptWriteTransaction(db, async (tx) => {
    await tx.delete(searchSynonyms);
    if (groups.length) await tx.insert(searchSynonyms).values(groups.map((group, i) => ({ position: i + 1, terms: group.terms })));
  });
  return listSynonymGroups(db);
}

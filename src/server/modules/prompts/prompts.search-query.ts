// The text of a search's tsqueries, built from the words people type. Only letters and digits survive
// the split, so user input can never break the tsquery syntax; the synonyms kept by administrators go
// through the same split.

/** Words of a search beyond this are ignored (each adds a GIN posting list to read). */
export const MAX_SEARCH_WORDS = 8;
/** The some-words fallback looks for at most this many combinations of words at one level. */
const MAX_COMBINATIONS = 56;

export const searchWords = (text: string): string[] => [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].map((w) => w.slice(0, 60));

/**
 * One word of a search and what else counts for it: the word itself (as a word or a word prefix),
 * then its synonyms (each a term of one or more words, matched as whole words).
 */
export interface WordGroup {
  word: string;
  synonyms: string[][];
}

/** Synonym terms by the words that call them up: "soccer" → [["football"]], "social media" → … */
export type SynonymIndex = ReadonlyMap<string, string[][]>;

/**
 * The groups of a search. A run of words equal to a multi-word term ("social media") is one group;
 * every other word is its own.
 */
export function wordGroups(search: string, synonyms: SynonymIndex = new Map()): WordGroup[] {
  const words = searchWords(search);
  const groups: WordGroup[] = [];
  for (let i = 0; i < words.length && groups.length < MAX_SEARCH_WORDS; i++) {
    const two = i + 1 < words.length ? `${words[i]} ${words[i + 1]}` : null;
    if (two && synonyms.has(two)) {
      groups.push({ word: two, synonyms: synonyms.get(two)! });
      i++;
    } else {
      groups.push({ word: words[i]!, synonyms: synonyms.get(words[i]!) ?? [] });
    }
  }
  return groups;
}

const term = (words: string[], prefix: boolean) => {
  const parts = words.map((w) => (prefix ? `${w}:*` : w));
  return parts.length > 1 ? `(${parts.join(' & ')})` : parts[0]!;
};

/** "summar" → `summar:*`; with synonyms, `(summar:* | summary | summarise)`. */
export function groupQuery(group: WordGroup, prefixes = true): string {
  const own = term(group.word.split(' '), prefixes);
  if (!group.synonyms.length) return own;
  return `(${[own, ...group.synonyms.map((t) => term(t, false))].join(' | ')})`;
}

/** Every group must match. */
export function allWordsQuery(groups: WordGroup[], prefixes = true): string | null {
  return groups.length ? groups.map((g) => groupQuery(g, prefixes)).join(' & ') : null;
}

function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, k - 1).map((c) => [first!, ...c]), ...combinations(rest, k)];
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/**
 * At least `k` of the groups, as one tsquery: `(a & b) | (a & c) | (b & c)` for 2 of 3. GIN reads
 * each word's posting list once whatever the number of combinations. Null when there would be too
 * many combinations (the caller then asks for fewer words).
 */
export function atLeastQuery(groups: WordGroup[], k: number, prefixes = true): string | null {
  if (k < 1 || k > groups.length) return null;
  if (k === 1) return groups.map((g) => groupQuery(g, prefixes)).join(' | ');
  if (binomial(groups.length, k) > MAX_COMBINATIONS) return null;
  return combinations(groups, k)
    .map((c) => `(${c.map((g) => groupQuery(g, prefixes)).join(' & ')})`)
    .join(' | ');
}

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours, "wrtier" → "writer"
 * is 1), to rank the words that trigram similarity proposes: it is blind to transpositions in short words.
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** How many edits a suggestion may be from the word typed: 1 up to 4 letters, 2 up to 8, else 3. */
export const maxEdits = (word: string) => (word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3);

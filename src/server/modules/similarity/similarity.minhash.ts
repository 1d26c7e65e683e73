// MinHash band keys of a text (decision 039). A text's elements are its pairs of adjacent words (lower
// case, runs of letters and digits; a one-word text is its word). For each of 96 hash functions the
// least hash over the elements is kept: two texts agree on one with a probability equal to the Jaccard
// likeness of their element sets. Three make a band and 32 bands a text, so two texts share a band with
// probability 1 - (1 - J³)³²: 88 % at J = 0.4 (a quarter of the words changed), 0.35 % at J = 0.05 (a
// typical unrelated pair).

export const HASH_FUNCTIONS = 96;
export const ROWS_PER_BAND = 3;
export const BANDS = HASH_FUNCTIONS / ROWS_PER_BAND;

/** MurmurHash3's finaliser: a bijection of 32-bit integers that scatters every input bit. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over the UTF-16 code units, mixed. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix(h >>> 0);
}

/** One seed per hash function: function i is mix(hash ^ seed i), a different scattering of the same hash. */
const SEEDS = Array.from({ length: HASH_FUNCTIONS }, (_, i) => mix(Math.imul(i + 1, 0x9e3779b9) >>> 0));

/** The text's elements: its distinct pairs of adjacent words. */
export function wordPairs(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 1) return new Set(words);
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) pairs.add(`${words[i]} ${words[i + 1]}`);
  return pairs;
}

/** The text's 32 band keys (signed 32-bit integers, as PostgreSQL's integer holds them); none for a text without words. */
export function similarityBands(text: string): number[] {
  const elements = wordPairs(text);
  if (!elements.size) return [];
  const least = new Uint32Array(HASH_FUNCTIONS).fill(0xffffffff);
  for (const element of elements) {
    const h = hashText(element);
    for (let i = 0; i < HASH_FUNCTIONS; i++) {
      const v = mix((h ^ SEEDS[i]!) >>> 0);
      if (v < least[i]!) least[i] = v;
    }
  }
  const keys = new Set<number>();
  for (let band = 0; band < BANDS; band++) {
    let key = mix(Math.imul(band + 1, 0x27d4eb2d) >>> 0);
    for (let row = 0; row < ROWS_PER_BAND; row++) key = mix((key ^ least[band * ROWS_PER_BAND + row]!) >>> 0);
    keys.add(key | 0);
  }
  return [...keys];
}

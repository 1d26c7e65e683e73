import { describe, expect, it } from 'vitest';
import { BANDS, similarityBands, wordPairs } from './similarity.minhash';

const shared = (a: string, b: string) => {
  const keys = new Set(similarityBands(a));
  return similarityBands(b).filter((k) => keys.has(k)).length;
};

const base =
  'I want you to act as a travel guide. I will write you my location and you will suggest a place to visit near my location. In some cases, I will also give you the type of places I will visit.';

describe('MinHash band keys', () => {
  it('are 32 integers, the same for the same words whatever their case and punctuation, none without words', () => {
    const keys = similarityBands(base);
    expect(keys).toHaveLength(BANDS);
    for (const key of keys) expect(Number.isInteger(key) && key >= -(2 ** 31) && key < 2 ** 31).toBe(true);
    expect(similarityBands(base.toUpperCase().replaceAll('.', '!'))).toEqual(keys);
    expect(similarityBands(' … ')).toEqual([]);
    expect([...wordPairs('Hello, big World')]).toEqual(['hello big', 'big world']);
    expect([...wordPairs('Hello')]).toEqual(['hello']);
  });

  it('are mostly shared by near-copies and not by unrelated texts', () => {
    expect(shared(base, base.replace('travel guide', 'tour guide'))).toBeGreaterThan(BANDS / 2);
    expect(shared(base, 'Summarize the quarterly revenue of each sales region for the board, in five bullet points.')).toBe(0);
  });
});

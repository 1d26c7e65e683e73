import { describe, expect, it } from 'vitest';
import { noMatchAdvice } from './no-matching-prompts';

describe('the advice for an empty result', () => {
  it('names the search words, the filters, or both', () => {
    expect(noMatchAdvice('  contract  ', 0)).toBe(
      'Nothing matches “contract”. Check the spelling or try fewer words: search looks in titles, content, notes and tags.',
    );
    expect(noMatchAdvice('', 1)).toBe('No prompt matches the active filter. Remove it to see more.');
    expect(noMatchAdvice('', 3)).toBe('No prompt matches all 3 active filters. Remove one to see more.');
    expect(noMatchAdvice('nda', 2)).toBe('Nothing matches “nda” together with all 2 active filters. Remove a filter or clear the search to see more.');
  });
});

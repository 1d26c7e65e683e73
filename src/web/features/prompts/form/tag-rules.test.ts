import { describe, expect, it } from 'vitest';
import { addTag } from './tag-rules';

describe('adding a typed tag', () => {
  it('ignores blanks and duplicates of a tag already on the prompt, in any case', () => {
    expect(addTag(['Legal'], '   ', [])).toBeNull();
    expect(addTag(['Legal'], ' legal ', [])).toBeNull();
  });
  it('reuses the spelling of a known tag', () => {
    expect(addTag([], 'MARKETING', ['Marketing'])).toEqual(['Marketing']);
    expect(addTag(['A'], ' New one ', ['Marketing'])).toEqual(['A', 'New one']);
  });
});

import { describe, expect, it } from 'vitest';
import { addTag, canAddModel } from './tag-rules';

describe('tag input rules (§2)', () => {
  it('ignores blanks and duplicates of a tag already on the prompt, in any case', () => {
    expect(addTag(['Legal'], '   ', [])).toBeNull();
    expect(addTag(['Legal'], ' legal ', [])).toBeNull();
  });
  it('reuses the spelling of a known tag', () => {
    expect(addTag([], 'MARKETING', ['Marketing'])).toEqual(['Marketing']);
    expect(addTag(['A'], ' New one ', ['Marketing'])).toEqual(['A', 'New one']);
  });
  it('accepts a custom AI application only when trimmed, non-empty and new', () => {
    expect(canAddModel(['Claude'], ' claude ')).toBe(false);
    expect(canAddModel(['Claude'], '  ')).toBe(false);
    expect(canAddModel(['Claude'], 'Internal LLM')).toBe(true);
  });
});

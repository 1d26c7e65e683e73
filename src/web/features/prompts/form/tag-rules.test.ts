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

describe('typed tags keep their punctuation', () => {
  it('keeps .NET, C#, C++ and Node.js as typed', () => {
    expect(addTag([], '.NET', [])).toEqual(['.NET']);
    expect(addTag(['.NET'], 'C#', [])).toEqual(['.NET', 'C#']);
    expect(addTag([], ' C++ ', ['c++'])).toEqual(['c++']);
    expect(addTag([], 'Node.js', [])).toEqual(['Node.js']);
  });
  it('splits pasted lists at commas and semicolons, and evens out white space', () => {
    expect(addTag(['Legal'], 'Node.js; C#, legal,  Machine \t learning ', [])).toEqual(['Legal', 'Node.js', 'C#', 'Machine learning']);
    expect(addTag(['Legal'], ' , ; ', [])).toBeNull();
  });
});

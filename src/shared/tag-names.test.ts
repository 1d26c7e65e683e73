import { describe, expect, it } from 'vitest';
import { tagRenameSchema } from './schemas/tags';
import { promptInputSchema, promptListQuerySchema } from './schemas/prompts';
import { cleanTags, normaliseTag } from './tag-names';

describe('the tag spelling rule', () => {
  it('keeps punctuation and case as typed', () => {
    for (const tag of ['.NET', 'C#', 'C++', 'Node.js', 'R&D', 'CI/CD', 'ASP.NET Core']) expect(normaliseTag(tag)).toBe(tag);
  });
  it('removes what a reader cannot see: invisible characters, odd white space, decomposed accents', () => {
    expect(normaliseTag(' Machine\u00A0 \t learning\n')).toBe('Machine learning');
    expect(normaliseTag('le\u200Bgal\uFEFF\u00AD')).toBe('legal');
    expect(normaliseTag('Cafe\u0301')).toBe('Caf\u00E9');
  });
  it('splits at commas and semicolons, drops blanks, and keeps the first spelling of a tag met again in any case', () => {
    expect(cleanTags(['SQL, .NET', ' ; ', 'sql', '.net; C#'])).toEqual(['SQL', '.NET', 'C#']);
  });
  it('is what the prompt API stores, the filters look for, and a rename accepts', () => {
    expect(promptInputSchema.parse({ title: 'T', content: 'C', tags: ['.NET', ' c# ', 'C#'] }).tags).toEqual(['.NET', 'c#']);
    expect(promptListQuerySchema.parse({ tags: '.NET,Machine\u00A0learning' }).tags).toEqual(['.NET', 'Machine learning']);
    expect(tagRenameSchema.safeParse({ name: 'a, b' }).success).toBe(false);
    expect(tagRenameSchema.parse({ name: ' .NET\u200B ' }).name).toBe('.NET');
  });
});

import { cleanTags } from '../../../../shared/tag-names';

/**
 * Adding typed text as tags: it is split at commas and semicolons and each part spelled as stored
 * (tag-names.ts); blanks are not added; a tag already on the prompt (any case) is ignored; a match
 * with a known tag reuses the known spelling. Returns the new list, or null when nothing changes.
 */
export function addTag(current: string[], typed: string, known: string[]): string[] | null {
  const next = [...current];
  for (const value of cleanTags([typed])) {
    const lower = value.toLowerCase();
    if (next.some((t) => t.toLowerCase() === lower)) continue;
    next.push(known.find((k) => k.toLowerCase() === lower) ?? value);
  }
  return next.length === current.length ? null : next;
}

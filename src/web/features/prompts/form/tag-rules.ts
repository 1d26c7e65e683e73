/**
 * Adding a typed tag: blanks are not added; a tag already on the prompt (any case) is ignored; a match
 * with a known tag reuses the known spelling. Returns the new list, or null when nothing changes.
 */
export function addTag(current: string[], typed: string, known: string[]): string[] | null {
  const value = typed.trim();
  if (!value) return null;
  const lower = value.toLowerCase();
  if (current.some((t) => t.toLowerCase() === lower)) return null;
  const canonical = known.find((k) => k.toLowerCase() === lower) ?? value;
  return [...current, canonical];
}

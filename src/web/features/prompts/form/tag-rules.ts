/**
 * §2 tag input: blanks are not added; a tag already on the prompt (any case) is ignored; a match with
 * a known tag reuses the known spelling. Returns the new list, or null when nothing changes.
 */
export function addTag(current: string[], typed: string, known: string[]): string[] | null {
  const value = typed.trim();
  if (!value) return null;
  const lower = value.toLowerCase();
  if (current.some((t) => t.toLowerCase() === lower)) return null;
  const canonical = known.find((k) => k.toLowerCase() === lower) ?? value;
  return [...current, canonical];
}

/** §2 custom AI application: trimmed, non-empty, not already in the list (any case). */
export function canAddModel(list: string[], typed: string): boolean {
  const value = typed.trim();
  return Boolean(value) && !list.some((m) => m.toLowerCase() === value.toLowerCase());
}

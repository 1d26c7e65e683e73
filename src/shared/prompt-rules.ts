// Prompt rules the web client needs on its first screen, kept apart from the zod schemas so that
// showing a list does not download the validation library.

/**
 * The value stored under a custom field's name, read as an own property only: a field named
 * "constructor" or "toString" must not find Object.prototype's function instead of "no value".
 */
export function customFieldValueOf<T>(values: Record<string, T> | null | undefined, name: string): T | undefined {
  return values && Object.hasOwn(values, name) ? values[name] : undefined;
}

/** `position`: a collection's own order (lists filtered by `collection` only). */
export const PROMPT_SORTS = ['relevance', 'updatedAt', 'createdAt', 'title', 'author', 'businessUnit', 'mostUsed', 'topRated', 'position'] as const;
export type PromptSort = (typeof PROMPT_SORTS)[number];

/** Text columns (title, employee, business unit) and a collection's order start A→Z (first item first); relevance, dates and use counts start with the highest. */
export function defaultSortOrder(sort: PromptSort): 'asc' | 'desc' {
  return sort === 'title' || sort === 'author' || sort === 'businessUnit' || sort === 'position' ? 'asc' : 'desc';
}

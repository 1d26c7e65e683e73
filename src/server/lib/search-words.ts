// How a search, and every synonym term an administrator keeps, is split into words. The query engine
// (modules/prompt-query) and the synonym list (modules/search) must split alike, or a synonym would
// never be called up; it lives here so that neither module imports the other for one rule. Only letters
// and digits survive the split, so user input can never break the tsquery syntax.

export const searchWords = (text: string): string[] => [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].map((w) => w.slice(0, 60));

/** Synonym terms by the words that call them up: "soccer" → [["football"]], "social media" → … */
export type SynonymIndex = ReadonlyMap<string, string[][]>;

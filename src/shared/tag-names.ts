// How a tag is spelled: the one rule the prompt form, the API, the import, bulk actions, the Tags
// screen and list filters all apply, so that two tags that look the same are the same tag.
//
// A tag keeps what its author typed, punctuation and case included (".NET", "C#", "C++", "Node.js",
// "R&D", "CI/CD" stay as they are); only differences a reader cannot see are taken out. Tags are
// told apart ignoring case, and the first spelling stored wins (the catalog's rule).
// Migration 0020 applies the same steps to the tags stored before this rule, in SQL: change both together.

/** Characters that separate tags wherever tags travel as one text: the form's comma key, filter links (`tags=a,b`), CSV cells (`a; b`). */
export const TAG_SEPARATORS = /[,;]/;

/** Characters that show nothing: soft hyphen, Mongolian vowel separator, zero-width space, word joiner, byte-order mark. */
const INVISIBLE = /[\u00AD\u180E\u200B\u2060\uFEFF]/g;
/** Runs of white space and control characters, written out so that the migration's SQL can list the same ones. */
// eslint-disable-next-line no-control-regex -- control characters are what this strips from tags
const SPACES = /[\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;

/**
 * One tag in its stored form: invisible characters removed, each run of white space (tabs, line
 * breaks, no-break spaces) made one space, the ends trimmed, and the Unicode composed (NFC), so that
 * "é" typed as one character or as "e" plus an accent is one tag. Nothing visible is removed.
 */
export function normaliseTag(raw: string): string {
  return raw.replace(INVISIBLE, '').replace(SPACES, ' ').trim().normalize('NFC');
}

/** Whether a tag is in its stored form and holds no separator (a single tag name, e.g. a rename). */
export const isSingleTag = (value: string) => !TAG_SEPARATORS.test(value);

/** The message for a single tag name that holds a separator. */
export const TAG_SEPARATOR_MESSAGE = 'A tag cannot contain commas or semicolons: they separate tags';

/**
 * A list of tags as stored: each value split at commas and semicolons, each part normalised, blanks
 * dropped, and a tag met again in any case dropped (the first spelling stays), in the order given.
 */
export function cleanTags(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    for (const part of value.split(TAG_SEPARATORS)) {
      const tag = normaliseTag(part);
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) continue;
      seen.add(key);
      out.push(tag);
    }
  }
  return out;
}

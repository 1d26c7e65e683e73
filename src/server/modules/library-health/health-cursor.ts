import { invalidCursor, isTimestamp } from '../prompt-query';

// The Library Health lists page by keyset: a cursor is the last row's sort key, base64url JSON. Times
// travel as PostgreSQL wrote them (microseconds kept), so no row is skipped or shown twice.

type Kind = 'int' | 'real' | 'time' | 'uuid' | 'text';
type Value<K extends Kind> = K extends 'int' | 'real' ? number : string;
type Values<K extends readonly Kind[]> = { [I in keyof K]: Value<K[I]> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fits: Record<Kind, (v: unknown) => boolean> = {
  int: (v) => Number.isSafeInteger(v),
  real: (v) => typeof v === 'number' && Number.isFinite(v),
  time: isTimestamp,
  uuid: (v) => typeof v === 'string' && UUID.test(v),
  text: (v) => typeof v === 'string' && v.length <= 1000,
};

export const encodeKey = (values: ReadonlyArray<string | number>): string => Buffer.from(JSON.stringify(values)).toString('base64url');

/** The key a cursor holds, checked against the kinds the list sorts by; anything else is a 400. */
export function decodeKey<const K extends readonly Kind[]>(text: string, kinds: K): Values<K> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== kinds.length || !kinds.every((kind, i) => fits[kind](parsed[i]))) throw invalidCursor();
  return parsed as Values<K>;
}

/** A page from rows read one beyond `limit`: that extra row says a next page exists, from the last shown row's key. */
export function keysetPage<Row, Item>(rows: Row[], limit: number, toItem: (r: Row) => Item, key: (r: Row) => ReadonlyArray<string | number>) {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { items: shown.map(toItem), nextCursor: rows.length > limit && last ? encodeKey(key(last)) : null };
}

/** The prompt every list row names, from the columns each list selects (`prompts.id, title, author_name, user_business_unit`). */
export const promptColumns = (r: Record<string, unknown>) => ({
  id: String(r.id),
  title: String(r.title),
  ownerName: String(r.author_name),
  businessUnit: String(r.user_business_unit),
});

/** One row of a combobox list: an existing option, the offer to create the typed value, or a fixed entry. */
export type ComboboxItem = { kind: 'option'; value: string } | { kind: 'create'; value: string } | { kind: 'entry'; label: string };

export interface ItemsInput {
  options: readonly string[];
  /** What the person typed since the list opened ('' shows every option). */
  query: string;
  /** Values already chosen (multi-value mode): they leave the list and cannot be created again. */
  selected?: readonly string[];
  /** Whether a typed value that matches nothing may be offered for creation. */
  creatable: boolean;
  /** Extra rule for creation (e.g. a length limit); only asked once the value is new. */
  canCreate?: (typed: string) => boolean;
  /** A fixed last row shown while nothing is typed (e.g. "Add new …..."). */
  entryLabel?: string;
  /** At most this many options are listed; the rest are reached by typing. */
  limit: number;
}

export interface ItemsResult {
  items: ComboboxItem[];
  /** How many options matched before the limit cut the list. */
  matched: number;
  /** The typed value is already chosen (multi-value mode). */
  duplicate: boolean;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Filters options by a case-insensitive substring of the trimmed query, an exact match first, then those
 * starting with it; appends a create row when the value is new to both the options and the selection.
 */
export function comboboxItems({ options, query, selected = [], creatable, canCreate, entryLabel, limit }: ItemsInput): ItemsResult {
  const typed = query.trim();
  const needle = typed.toLowerCase();
  const available = options.filter((o) => !selected.some((s) => same(s, o)));
  const rank = (o: string) => {
    const lower = o.toLowerCase();
    return lower === needle ? 0 : lower.startsWith(needle) ? 1 : 2;
  };
  const matches = needle
    ? available
        .filter((o) => o.toLowerCase().includes(needle))
        .map((o, i) => ({ o, i, r: rank(o) }))
        .sort((a, b) => a.r - b.r || a.i - b.i)
        .map((m) => m.o)
    : available;
  const items: ComboboxItem[] = matches.slice(0, limit).map((value) => ({ kind: 'option', value }));
  const duplicate = Boolean(typed) && selected.some((s) => same(s, typed));
  const known = options.some((o) => same(o, typed));
  if (typed && creatable && !duplicate && !known && (canCreate?.(typed) ?? true)) items.push({ kind: 'create', value: typed });
  if (!typed && entryLabel) items.push({ kind: 'entry', label: entryLabel });
  return { items, matched: matches.length, duplicate };
}

/** The option spelled like the typed value, ignoring case and surrounding spaces. */
export function findOption(options: readonly string[], typed: string): string | undefined {
  const value = typed.trim();
  return options.find((o) => same(o, value));
}

import { useState } from 'react';
import type { PromptListItem } from '../../../../shared/schemas/prompts';

/** The rows picked for a bulk action, or the whole filtered list ("select all N matching"). */
export interface BulkSelection {
  /** Picked ids (not used in `all` mode). */
  ids: ReadonlySet<string>;
  /** Every prompt matching the list's filter, loaded or not: the request sends the filter, not ids. */
  all: boolean;
  has: (item: PromptListItem) => boolean;
  /** Whether a row can be picked at all (it gets a box). */
  canPick: (item: PromptListItem) => boolean;
  /** Ticks or unticks a row; with `range`, every row between the last one clicked and this one too. */
  toggle: (index: number, range: boolean) => void;
  /** The header box: ticks every loaded row the member may change, or clears when all are ticked. */
  toggleLoaded: () => void;
  /** Ticked, some ticked, or none, for the header box. */
  loadedState: boolean | 'indeterminate';
  selectAllMatching: () => void;
  clear: () => void;
}

const EMPTY = { ids: new Set<string>() as ReadonlySet<string>, all: false, anchor: '' };

/**
 * Selection over a paged list. Only rows the member may change (`canEdit`) can be picked, or every row
 * with `anyRow` (a collection its member may change: taking a prompt out needs no right on it). The range
 * anchor is kept as an id, so a re-sort or a newly loaded page does not point it at another row; a new
 * search or filter (`viewKey`) starts over, since the picked rows may no longer be in the list.
 * Picked rows are always loaded rows (they were clicked), so one that is no longer in `items` is gone.
 */
export function useBulkSelection(items: PromptListItem[], viewKey: string, anyRow?: boolean): BulkSelection {
  const [state, setState] = useState({ ...EMPTY, viewKey });
  let { ids, all, anchor } = state;
  if (state.viewKey !== viewKey) {
    ({ ids, all, anchor } = EMPTY);
    setState({ ...EMPTY, viewKey });
  } else if (ids.size > 0) {
    // A picked row that left the list (deleted, or taken out through its own row's button) leaves the
    // selection too, so the count and the bulk action name only rows still there, even if it comes back.
    const listed = new Set(items.map((p) => p.id));
    const kept = [...ids].filter((id) => listed.has(id));
    if (kept.length < ids.size) {
      ids = new Set(kept);
      setState({ ids, all, anchor, viewKey });
    }
  }
  const set = (next: Partial<typeof EMPTY>) => setState({ ids, all, anchor, viewKey, ...next });
  const canPick = (p: PromptListItem) => anyRow || p.canEdit;
  const has = (p: PromptListItem) => canPick(p) && (all || ids.has(p.id));
  const loaded = items.filter(canPick);
  const ticked = loaded.filter(has).length;

  return {
    ids,
    all,
    has,
    canPick,
    toggle: (index, range) => {
      const item = items[index]!;
      const on = !has(item);
      const from = range ? items.findIndex((p) => p.id === anchor) : -1;
      const [start, end] = from < 0 ? [index, index] : [Math.min(from, index), Math.max(from, index)];
      // Unticking a row of "all matching" keeps the other loaded rows ticked.
      const next = new Set(all ? loaded.map((p) => p.id) : ids);
      for (const p of items.slice(start, end + 1)) if (canPick(p)) next[on ? 'add' : 'delete'](p.id);
      set({ ids: next, all: false, anchor: item.id });
    },
    toggleLoaded: () => set({ ids: new Set(ticked === loaded.length ? [] : loaded.map((p) => p.id)), all: false }),
    loadedState: ticked > 0 && ticked === loaded.length ? true : ticked > 0 ? 'indeterminate' : false,
    selectAllMatching: () => set({ all: true }),
    clear: () => set(EMPTY),
  };
}

/** The rows a list's own bulk action applies to, and how it ends the selection. */
export interface ListBulkTarget {
  ids: string[];
  onDone: () => void;
}

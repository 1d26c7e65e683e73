import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PromptListItem } from '../../../../shared/schemas/prompts';
import { useBulkSelection } from './use-bulk-selection';

const item = (id: string, canEdit = true) => ({ id, title: `Prompt ${id}`, canEdit }) as PromptListItem;
// Row c belongs to someone else: it can never be picked, even inside a range.
const ITEMS = [item('a'), item('b'), item('c', false), item('d'), item('e')];

function setup(items = ITEMS, viewKey = 'v1') {
  return renderHook(({ list, key }) => useBulkSelection(list, key), { initialProps: { list: items, key: viewKey } });
}

const picked = (s: ReturnType<typeof useBulkSelection>) => [...s.ids].sort();

describe('useBulkSelection', () => {
  it('ticks a range from the last row clicked, skipping rows the member may not change', () => {
    const { result } = setup();
    act(() => result.current.toggle(0, false));
    act(() => result.current.toggle(3, true));
    expect(picked(result.current)).toEqual(['a', 'b', 'd']);
    // A range from below unticks when the clicked row was ticked.
    act(() => result.current.toggle(1, true));
    expect(picked(result.current)).toEqual(['a']);
  });

  it('treats a range without an earlier click as one row', () => {
    const { result } = setup();
    act(() => result.current.toggle(4, true));
    expect(picked(result.current)).toEqual(['e']);
  });

  it('ticks every loaded row with the header box, shows some as indeterminate, and clears when all are ticked', () => {
    const { result } = setup();
    expect(result.current.loadedState).toBe(false);
    act(() => result.current.toggle(0, false));
    expect(result.current.loadedState).toBe('indeterminate');
    act(() => result.current.toggleLoaded());
    expect(picked(result.current)).toEqual(['a', 'b', 'd', 'e']);
    expect(result.current.loadedState).toBe(true);
    act(() => result.current.toggleLoaded());
    expect(picked(result.current)).toEqual([]);
  });

  it('leaves "all matching" when a row is unticked, keeping the other loaded rows', () => {
    const { result } = setup();
    act(() => result.current.selectAllMatching());
    expect(result.current.all).toBe(true);
    expect(result.current.has(ITEMS[4]!)).toBe(true);
    expect(result.current.has(ITEMS[2]!)).toBe(false);
    act(() => result.current.toggle(1, false));
    expect(result.current.all).toBe(false);
    expect(picked(result.current)).toEqual(['a', 'd', 'e']);
  });

  it('starts over when the search or filters change, not when the list grows', () => {
    const { result, rerender } = setup();
    act(() => result.current.toggle(0, false));
    rerender({ list: [...ITEMS, item('f')], key: 'v1' });
    expect(picked(result.current)).toEqual(['a']);
    rerender({ list: ITEMS, key: 'v2' });
    expect(picked(result.current)).toEqual([]);
    expect(result.current.all).toBe(false);
  });
});

describe('useBulkSelection with anyRow (a collection its member may change)', () => {
  it('lets every row be picked, the others’ prompts too, in ranges and with the header box', () => {
    const { result } = renderHook(() => useBulkSelection(ITEMS, 'v1', true));
    expect(ITEMS.every(result.current.canPick)).toBe(true);
    act(() => result.current.toggle(1, false));
    act(() => result.current.toggle(3, true));
    expect(picked(result.current)).toEqual(['b', 'c', 'd']);
    act(() => result.current.toggleLoaded());
    expect(picked(result.current)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(result.current.loadedState).toBe(true);
  });

  it('still offers only the member’s own rows without it', () => {
    const { result } = setup();
    expect(ITEMS.map(result.current.canPick)).toEqual([true, true, false, true, true]);
  });
});

describe('useBulkSelection when a picked row leaves the list', () => {
  it('drops it from the selection, and does not tick it again if it comes back', () => {
    const { result, rerender } = setup();
    act(() => result.current.toggle(0, false));
    act(() => result.current.toggle(1, false));
    rerender({ list: ITEMS.filter((p) => p.id !== 'b'), key: 'v1' });
    expect(picked(result.current)).toEqual(['a']);
    expect(result.current.loadedState).toBe('indeterminate');
    rerender({ list: ITEMS, key: 'v1' });
    expect(picked(result.current)).toEqual(['a']);
    // The last picked row gone: nothing is picked.
    rerender({ list: [item('d')], key: 'v1' });
    expect(picked(result.current)).toEqual([]);
  });
});

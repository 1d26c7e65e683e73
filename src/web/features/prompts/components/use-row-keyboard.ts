import { type FocusEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';

interface Options {
  count: number;
  /** The rendered rows' indexes: only rows in view exist in the page. */
  renderedIndexes: number[];
  container: RefObject<HTMLElement | null>;
  scrollToIndex: (index: number) => void;
  onOpen: (index: number) => void;
}

const PAGE_STEP = 10;

/**
 * Keyboard paths through a virtual list of rows: one row is in the Tab order at a time (the last one
 * focused); the arrow keys, Page Up/Down, Home and End move between rows, scrolling the target into
 * view first when it is not rendered; Enter on a row opens it. Keys typed in a row's own buttons
 * still move between rows, but Enter there stays the button's.
 */
export function useRowKeyboard({ count, renderedIndexes, container, scrollToIndex, onOpen }: Options) {
  const [active, setActive] = useState(0);
  const pendingFocus = useRef<number | null>(null);

  // After every render: a row asked for by the keyboard gets focus once the list has drawn it.
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const row = container.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
    if (row) {
      pendingFocus.current = null;
      row.focus({ preventScroll: true });
    }
  });

  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(count - 1, index));
    setActive(target);
    pendingFocus.current = target;
    scrollToIndex(target);
  };

  const rowIndexOf = (element: EventTarget) => {
    const row = (element as HTMLElement).closest<HTMLElement>('[data-row-index]');
    return row ? { row, index: Number(row.dataset.rowIndex) } : null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const hit = rowIndexOf(event.target);
    if (!hit || event.altKey || event.ctrlKey || event.metaKey) return;
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: PAGE_STEP, PageUp: -PAGE_STEP };
    if (event.key in steps) moveTo(hit.index + steps[event.key]!);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(count - 1);
    else if (event.key === 'Enter' && event.target === hit.row) onOpen(hit.index);
    else return;
    event.preventDefault();
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const hit = rowIndexOf(event.target);
    if (hit) setActive(hit.index);
  };

  // When the remembered row has scrolled out of the page, the first row in view takes its place in the Tab order.
  const tabbable = renderedIndexes.includes(active) ? active : renderedIndexes[0];
  return { onKeyDown, onFocus, tabIndexOf: (index: number) => (index === tabbable ? 0 : -1) };
}

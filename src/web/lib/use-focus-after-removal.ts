import { type RefObject, useEffect, useRef } from 'react';

/**
 * When a change removes the row whose button had focus (a revoke, a delete, a merge), focus would fall
 * to the page's body and a keyboard user would start again from the top: it goes to `target` instead.
 */
export function useFocusAfterRemoval(data: unknown, target: RefObject<HTMLElement | null>) {
  const previous = useRef(data);
  useEffect(() => {
    // The first load is not a removal: a visitor arriving on the page keeps the browser's own focus.
    const changed = previous.current !== undefined && previous.current !== data;
    previous.current = data;
    if (changed && (!document.activeElement || document.activeElement === document.body)) target.current?.focus({ preventScroll: true });
  }, [data, target]);
}

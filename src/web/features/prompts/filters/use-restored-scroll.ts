import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const keyOf = (locationKey: string) => `list-scroll:${locationKey}`;

/**
 * Back to a list puts the reader where they were: the scroll position is remembered per history entry
 * (sessionStorage, so it survives a reload too) and put back on a Back or Forward once the list has rows
 * to scroll to. The list's pages are still cached, so the rows are there at once.
 */
export function useRestoredScroll(ready: boolean): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = keyOf(location.key);
  // Read once per history entry, before anything on this page can overwrite it.
  const entry = useRef<{ key: string; pending: number | null } | null>(null);
  if (entry.current?.key !== key) {
    const saved = navigationType === 'POP' ? Number(sessionStorage.getItem(key)) : 0;
    entry.current = { key, pending: saved > 0 ? saved : null };
  }

  // A layout effect, so the listener is gone before the next page's height moves the scroll position.
  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        // While the position is being put back, the page's own scrolling is not the reader's.
        if (entry.current?.pending == null) sessionStorage.setItem(key, String(Math.round(window.scrollY)));
      });
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [key]);

  useEffect(() => {
    const target = entry.current?.pending;
    if (!ready || target == null) return;
    // The virtual list sizes itself over the next frames: try until the page is tall enough or a second passes.
    const deadline = performance.now() + 1000;
    let frame = 0;
    const restore = () => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 2 && performance.now() < deadline) frame = requestAnimationFrame(restore);
      else if (entry.current) entry.current.pending = null;
    };
    frame = requestAnimationFrame(restore);
    return () => cancelAnimationFrame(frame);
  }, [ready, key]);
}

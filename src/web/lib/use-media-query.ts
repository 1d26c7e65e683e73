import { useSyncExternalStore } from 'react';

/** Whether the window matches a media query, kept current as the window is resized or rotated. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Tables from 768 px up; cards below, where a table's columns cannot fit without scrolling sideways. */
export const useWideLayout = () => useMediaQuery('(min-width: 768px)');

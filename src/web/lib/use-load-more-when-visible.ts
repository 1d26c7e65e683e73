import { useEffect, useRef } from 'react';

/**
 * The ref of an element at the end of a list: when it comes into view (`rootMargin` early), `loadMore`
 * runs, unless there is nothing more or a load is already under way. Lists pair it with a "Load more"
 * button, or pages that load by themselves, for those whose scrolling does not reach it.
 */
export function useLoadMoreWhenVisible(hasMore: boolean, busy: boolean, loadMore: () => unknown, rootMargin?: string) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !busy) void loadMore();
      },
      rootMargin ? { rootMargin } : undefined,
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, busy, loadMore, rootMargin]);
  return sentinel;
}

/** A screenful early, so scrolling rarely reaches the end before the next page is there. */
export const A_SCREENFUL_EARLY = '0px 0px 600px 0px';

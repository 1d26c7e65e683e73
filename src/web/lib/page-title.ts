import { useEffect } from 'react';

export const APP_NAME = 'AI Prompts Database';

/** Sets the browser tab's title to "Page · AI Prompts Database" while the page (or dialog) is shown. */
export function usePageTitle(page: string | undefined): void {
  useEffect(() => {
    const before = document.title;
    document.title = page ? `${page} · ${APP_NAME}` : APP_NAME;
    // A dialog that named the tab gives the page's own title back when it closes.
    return () => {
      document.title = before;
    };
  }, [page]);
}

import { useEffect } from 'react';

/** True while the person is typing somewhere, where a shortcut key must stay a character. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** "/" moves focus to the page's search box, as in most web apps; pages without one are left alone. */
export function useSlashToSearch(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const search = document.querySelector<HTMLInputElement>('[data-page-search]');
      if (!search) return;
      event.preventDefault();
      search.focus();
      search.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

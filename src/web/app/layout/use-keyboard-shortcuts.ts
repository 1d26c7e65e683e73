import { useEffect, useRef } from 'react';

/** True while the person is typing somewhere, where a shortcut key must stay a character. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A dialog is open: its own keys come first, and a shortcut must not open another on top of it. */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

interface Shortcuts {
  openPalette: () => void;
  openHelp: () => void;
}

/**
 * The app-wide keys: "/" moves focus to the page's search box (pages without one are left alone),
 * Ctrl+K or ⌘+K opens the command palette (also from a text field, as in most apps), and "?" lists
 * the shortcuts.
 */
export function useKeyboardShortcuts(shortcuts: Shortcuts): void {
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        if (dialogOpen()) return;
        event.preventDefault();
        latest.current.openPalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || isTyping(event.target) || dialogOpen()) return;
      if (event.key === '?') {
        event.preventDefault();
        latest.current.openHelp();
      } else if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[data-page-search]');
        if (!search) return;
        event.preventDefault();
        search.focus();
        search.select();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../../lib/utils';

const ITEM_SELECTOR = '[role="menuitem"]:not([aria-disabled="true"]),[role="menuitemcheckbox"]:not([aria-disabled="true"])';
/** A search box in the header (`data-menu-search`): the arrows go through it as the items' first stop. */
const SEARCH_SELECTOR = 'input[data-menu-search]';
const STOP_SELECTOR = `${SEARCH_SELECTOR},${ITEM_SELECTOR}`;
const MENU_WIDTH = 288;
const MARGIN = 8;

interface Props {
  /** The trigger button's content and classes; `label` is its accessible name (and the menu's). */
  trigger: ReactNode;
  label: string;
  triggerClassName?: string;
  /** The menu's items; given `close` (which gives the focus back to the trigger). */
  children: (close: () => void) => ReactNode;
  /** Above the menu's items: its title, and what is loading or was done (not items, so not in the menu role). */
  header?: ReactNode;
  /** Extra content kept mounted while the menu is closed (a dialog opened from it). */
  after?: ReactNode;
  /** Told when the menu opens and closes (a search typed in it is forgotten on closing). */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A menu button whose menu floats above the page (a portal at a fixed place), so that a table row's
 * clipping or the rows drawn after it cannot cover it. The WAI-ARIA menu keys: arrows, Home, End,
 * Escape (focus back on the button), Tab (closes). A click elsewhere or a scroll of the page closes it.
 * Check items stay open when chosen, so several collections can be ticked in a row. A search box in the
 * header takes the focus first; the arrows go from it to the items and back, other keys are its own.
 */
export function PopoverMenu({ trigger, label, triggerClassName, children, header, after, onOpenChange }: Props) {
  const [open, setOpenState] = useState(false);
  const changed = useRef(onOpenChange);
  useEffect(() => {
    changed.current = onOpenChange;
  });
  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    changed.current?.(next);
  }, []);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = useCallback(
    (refocus = true) => {
      setOpen(false);
      setPlace(null);
      if (refocus) buttonRef.current?.focus();
    },
    [setOpen],
  );

  // Below the button, its right edge on the button's, inside the window; above it when there is no room
  // below. Placed again when the menu's size changes (its items load, a message shows).
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!open || !menu) return;
    const placeMenu = () => {
      const b = buttonRef.current?.getBoundingClientRect();
      if (!b) return;
      const height = menu.offsetHeight;
      const left = Math.max(MARGIN, Math.min(b.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - MARGIN));
      const below = b.bottom + 4;
      const top = below + height > window.innerHeight - MARGIN && b.top - height - 4 > MARGIN ? b.top - height - 4 : below;
      setPlace((was) => (was && was.top === top && was.left === left ? was : { top, left }));
    };
    placeMenu();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(placeMenu);
    observer?.observe(menu);
    return () => observer?.disconnect();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    window.addEventListener('scroll', outside, true);
    window.addEventListener('resize', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('scroll', outside, true);
      window.removeEventListener('resize', outside);
    };
  }, [open, close]);

  // The search box, else the first item, takes the focus once the menu has its items: they may load after
  // it opens (drawn by the items' own component, so watched in the page), and until then (a loading note)
  // the panel holds it, lest "New collection…" take it first. Once the member has moved it, it is theirs.
  const placed = place !== null;
  useEffect(() => {
    const menu = menuRef.current;
    if (!open || !placed || !menu) return;
    const focusFirst = () => {
      const active = document.activeElement;
      if (active !== menu && menu.contains(active)) return true;
      const first = menu.querySelector('[data-menu-loading]') ? null : menu.querySelector<HTMLElement>(STOP_SELECTOR);
      (first ?? menu).focus();
      return Boolean(first);
    };
    if (focusFirst()) return;
    const observer = new MutationObserver(() => {
      if (focusFirst()) observer.disconnect();
    });
    observer.observe(menu, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [open, placed]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(STOP_SELECTOR) ?? []);
    const at = list.indexOf(document.activeElement as HTMLElement);
    // In the search box, Home and End move within its text.
    if ((event.key === 'Home' || event.key === 'End') && (event.target as HTMLElement).matches(SEARCH_SELECTOR)) return;
    const move = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') return close(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          event.stopPropagation();
          if (open) close(false);
          else setOpen(true);
        }}
        // A row's own keys (arrows, Enter to open it) must not act on this button.
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open
        ? createPortal(
            // The keys are handled on the whole panel: its header holds at most a search box, one more stop.
            // eslint-disable-next-line jsx-a11y/no-static-element-interactions
            <div
              ref={menuRef}
              tabIndex={-1}
              onKeyDown={onMenuKeyDown}
              style={{ top: place?.top ?? 0, left: place?.left ?? 0, width: MENU_WIDTH }}
              className={cn('fixed z-50 rounded-lg border border-slate-200 bg-white p-1.5 text-left shadow-lg outline-none', place ? 'visible' : 'invisible')}
            >
              {header}
              <div id={menuId} role="menu" aria-label={label}>
                {children(close)}
              </div>
            </div>,
            document.body,
          )
        : null}
      {after}
    </>
  );
}

export const menuItemClass =
  'flex w-full cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100 focus:text-slate-900 aria-disabled:cursor-wait aria-disabled:opacity-60';

/**
 * A line of text in a menu (loading, empty, failed): not an item, so no role in the menu's tree. While
 * one says `loading`, the menu waits with its first focus.
 */
export function MenuNote({ children, failed, loading }: { children: ReactNode; failed?: boolean; loading?: boolean }) {
  return (
    <p role="none" data-menu-loading={loading || undefined} className={`px-2.5 py-2 text-sm ${failed ? 'text-red-700' : 'text-slate-500'}`}>
      {children}
    </p>
  );
}

import { Check } from 'lucide-react';
import { createContext, type KeyboardEvent, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/utils';

/**
 * A menu button (the WAI-ARIA pattern): a button that opens a list of actions, moved through with the
 * arrow keys, Home and End, closed with Escape, Tab or a click elsewhere. Written by hand because the
 * user menu sits in the header of every page, and a positioning library would weigh on every first load.
 */
interface MenuContextValue {
  /** Closes the menu, gives focus back to its button, then runs the action (so a dialog it opens returns focus there). */
  select: (action: () => void) => void;
}
const MenuContext = createContext<MenuContextValue | null>(null);

const ITEM_SELECTOR = '[role="menuitem"],[role="menuitemradio"]';

function useMenu(): MenuContextValue {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error('Menu items belong inside a MenuButton');
  return menu;
}

export function MenuButton({
  trigger,
  label,
  children,
  triggerClassName,
  menuClassName,
}: {
  trigger: ReactNode;
  /** The accessible name of the button (and so of the menu), when its visible content does not give one. */
  label?: string;
  children: ReactNode;
  triggerClassName?: string;
  menuClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const list = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
    (focusOnOpen === 'first' ? list[0] : list.at(-1))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusOnOpen, close]);

  const openWith = (focus: 'first' | 'last') => {
    setFocusOnOpen(focus);
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') {
      close(false);
      return;
    } else return;
    event.preventDefault();
  };

  const select = useCallback(
    (action: () => void) => {
      close(true);
      action();
    },
    [close],
  );

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onButtonKeyDown}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        <MenuContext.Provider value={{ select }}>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            tabIndex={-1}
            onKeyDown={onMenuKeyDown}
            className={cn('absolute top-full right-0 z-50 mt-2 w-60 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg', menuClassName)}
          >
            {children}
          </div>
        </MenuContext.Provider>
      ) : null}
    </div>
  );
}

const itemClass =
  'flex w-full cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100 focus:text-slate-900';

export function MenuItem({ onSelect, children }: { onSelect: () => void; children: ReactNode }) {
  const { select } = useMenu();
  return (
    <button type="button" role="menuitem" tabIndex={-1} className={itemClass} onClick={() => select(onSelect)}>
      {children}
    </button>
  );
}

/** A set of choices of which one is on (e.g. the colour theme); choosing one closes the menu. */
export function MenuRadioGroup<T extends string>({
  label,
  value,
  options,
  onValueChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string; icon?: ReactNode }>;
  onValueChange: (value: T) => void;
}) {
  const { select } = useMenu();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <p id={labelId} className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-slate-500">
        {label}
      </p>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="menuitemradio"
          aria-checked={option.value === value}
          tabIndex={-1}
          className={itemClass}
          onClick={() => select(() => onValueChange(option.value))}
        >
          {option.icon}
          <span className="flex-1">{option.label}</span>
          {option.value === value ? <Check className="h-4 w-4 text-brand-600" aria-hidden="true" /> : null}
        </button>
      ))}
    </div>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="my-1 h-px bg-slate-100" />;
}

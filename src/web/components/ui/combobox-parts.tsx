import type { UseComboboxPropGetters } from 'downshift';
import { Check, ChevronDown, Plus } from 'lucide-react';
import { type ReactNode, type RefObject, type SyntheticEvent, useEffect } from 'react';
import { cn } from '../../lib/utils';
import type { ComboboxItem } from './combobox-items';

/** What both combobox modes accept: the list, the create rule and the label/error wiring. */
export interface ComboboxBaseProps {
  /** The text box's id (a caller's `<label htmlFor>` points at it). */
  id?: string;
  /** A visible label rendered above the box; leave it out when the caller renders one and passes `labelId`. */
  label?: ReactNode;
  /** The id of a visible label the caller renders; `${id}-label` unless told, the id FormField gives its label. */
  labelId?: string;
  /** An error rendered under the box and announced with it; callers that render their own pass aria-* instead. */
  error?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  options: readonly string[];
  placeholder?: string;
  disabled?: boolean;
  /** Creating is allowed only when this is given: called with the trimmed, new value. */
  onCreate?: (typed: string) => void;
  /** A further rule a new value must pass before the create row is offered. */
  canCreate?: (typed: string) => boolean;
  /** The create row's text; `Add "value"` unless told. */
  createLabel?: (typed: string) => string;
  /** A creation is under way: the create row waits. */
  creating?: boolean;
  /** At most this many options are rendered at once (typing narrows the rest). */
  limit?: number;
  /** Shown in the open list when nothing matches. */
  emptyText?: string;
  className?: string;
}

export const DEFAULT_LIMIT = 100;
export const defaultCreateLabel = (typed: string) => `Add "${typed}"`;

export const itemToString = (item: ComboboxItem | null): string => (item && item.kind !== 'entry' ? item.value : '');
export const itemToKey = (item: ComboboxItem | null): string => (item ? (item.kind === 'entry' ? 'entry:' : `${item.kind}:${item.value}`) : '');

/** The box around the text field (and chips): looks like an input, shows focus and the invalid state. */
export const boxClass = (invalid: boolean | undefined, disabled: boolean | undefined) =>
  cn(
    'relative flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-md border bg-white py-1 pr-9 pl-2 text-sm shadow-sm',
    'focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30',
    invalid ? 'border-red-500 focus-within:ring-red-500/30' : 'border-slate-300',
    disabled && 'cursor-not-allowed bg-slate-100',
  );

export const inputClass =
  'h-8 min-w-[8rem] flex-1 border-0 bg-transparent px-1 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed';

/** The label above and the error below, when the combobox renders them itself. */
export function ComboboxFrame({
  label,
  labelProps,
  error,
  errorId,
  children,
  className,
}: {
  label?: ReactNode;
  labelProps: Record<string, unknown>;
  error?: string;
  errorId: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      {label ? (
        <label {...labelProps} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
      ) : null}
      {children}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ToggleButton({
  getToggleButtonProps,
  disabled,
}: {
  getToggleButtonProps: UseComboboxPropGetters<ComboboxItem>['getToggleButtonProps'];
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      {...getToggleButtonProps({ disabled })}
      aria-label="Show options"
      className="absolute top-1/2 right-1 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded text-slate-500 hover:bg-slate-100 disabled:cursor-not-allowed"
    >
      <ChevronDown className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}

interface MenuProps {
  isOpen: boolean;
  items: ComboboxItem[];
  highlightedIndex: number;
  getMenuProps: UseComboboxPropGetters<ComboboxItem>['getMenuProps'];
  getItemProps: UseComboboxPropGetters<ComboboxItem>['getItemProps'];
  onChoose: (item: ComboboxItem) => void;
  isSelected: (value: string) => boolean;
  createLabel: (typed: string) => string;
  creating?: boolean;
  /** A line under the options: nothing matches, or how many more typing would reveal. */
  status?: string;
}

/** The popup list: scrollable, options first, then the create row; the status line sits outside the listbox. */
export function ComboboxMenu({ isOpen, items, highlightedIndex, getMenuProps, getItemProps, onChoose, isSelected, createLabel, creating, status }: MenuProps) {
  const visible = isOpen && (items.length > 0 || Boolean(status));
  return (
    <div
      className={cn('absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg', !visible && 'hidden')}
    >
      {/* Not a Tab stop: Chrome would otherwise make the scrolling list one, and Tab would land there and vanish. */}
      <ul {...getMenuProps({ tabIndex: -1 })} className={cn('max-h-60 overflow-y-auto py-1', !(isOpen && items.length) && 'hidden')}>
        {isOpen
          ? items.map((item, index) => {
              const selected = item.kind === 'option' && isSelected(item.value);
              const disabled = item.kind === 'create' && creating;
              return (
                <li
                  key={itemToKey(item)}
                  {...getItemProps({
                    item,
                    index,
                    onClick: (event) => {
                      skipDownshift(event);
                      if (!disabled) onChoose(item);
                    },
                  })}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm [overflow-wrap:anywhere] text-slate-800',
                    highlightedIndex === index && 'bg-brand-50 text-brand-800',
                    item.kind !== 'option' && 'border-t border-slate-100 font-medium text-brand-700',
                    disabled && 'cursor-wait opacity-60',
                  )}
                >
                  {item.kind === 'option' ? (
                    <>
                      <Check className={cn('h-4 w-4 shrink-0', selected ? 'text-brand-600' : 'invisible')} aria-hidden="true" />
                      <span dir="auto">{item.value}</span>
                    </>
                  ) : (
                    <>
                      <Plus className="h-4 w-4 shrink-0" aria-hidden="true" />
                      <span dir="auto">{item.kind === 'create' ? createLabel(item.value) : item.label}</span>
                    </>
                  )}
                </li>
              );
            })
          : null}
      </ul>
      {isOpen && status ? <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500 first:border-t-0">{status}</p> : null}
    </div>
  );
}

/** The status line: nothing matches, the value is already chosen, or only part of a long list is shown. */
export function menuStatus({
  items,
  matched,
  shown,
  duplicate,
  query,
  emptyText,
}: {
  items: ComboboxItem[];
  matched: number;
  shown: number;
  duplicate: boolean;
  query: string;
  emptyText: string;
}): string | undefined {
  if (duplicate) return `"${query.trim()}" is already selected`;
  // With nothing typed and nothing left to offer, there is nothing to say: the list stays closed.
  if (!items.length) return query.trim() ? emptyText : undefined;
  if (matched > shown) return `Showing ${shown} of ${matched}. Type to narrow the list.`;
  return undefined;
}

/**
 * Escape closes the open list and nothing else. A surrounding dialog listens for Escape on the document in
 * the capture phase, before the text box sees the key, so the key is caught earlier, on the window.
 */
export function useEscapeClosesListOnly(isOpen: boolean, inputRef: RefObject<HTMLInputElement | null>, closeMenu: () => void) {
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== inputRef.current) return;
      event.stopPropagation();
      event.preventDefault();
      closeMenu();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [isOpen, inputRef, closeMenu]);
}

/**
 * The create row waits while a creation is under way. Downshift also asks about positions the list no longer
 * has (after a choice shortens it), so the row may be missing.
 */
export const isWaitingRow = (item: ComboboxItem | undefined, creating?: boolean) => item?.kind === 'create' && Boolean(creating);

/** Stops downshift's own handling of an event the combobox handles itself. */
export function skipDownshift(event: SyntheticEvent) {
  event.preventDefault();
  (event.nativeEvent as Event & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
}

/**
 * The highlighted row Enter would choose, if any. Choosing happens in the key or click handler itself, not in
 * downshift's change callbacks: those run after rendering, and a key typed in between would be lost.
 */
export function highlightedChoice(isOpen: boolean, highlightedIndex: number, items: ComboboxItem[], creating?: boolean): ComboboxItem | undefined {
  const item = isOpen && highlightedIndex >= 0 ? items[highlightedIndex] : undefined;
  return item && !isWaitingRow(item, creating) ? item : undefined;
}

/** Joins describedby ids, leaving out the empty ones. */
export const joinIds = (...ids: Array<string | undefined | false>) => ids.filter(Boolean).join(' ') || undefined;

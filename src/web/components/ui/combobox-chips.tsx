import { X } from 'lucide-react';
import { type KeyboardEvent, type RefObject, useRef } from 'react';

interface Props {
  values: string[];
  /** The list's accessible name, e.g. "Selected tags". */
  listLabel: string;
  removeLabel: (value: string) => string;
  onRemove: (index: number) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The chosen values as chips. Their remove buttons stay out of the Tab order (thirty tags would be thirty
 * stops): Left arrow from the start of the text box reaches them, arrows move between them, Backspace or
 * Delete removes the focused one, and Right arrow past the last returns to the box.
 */
export function ComboboxChips({ values, listLabel, removeLabel, onRemove, inputRef }: Props) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  if (!values.length) return null;

  const focusAt = (index: number) => {
    if (index >= 0 && index < values.length) buttons.current[index]?.focus();
    else inputRef.current?.focus();
  };
  const remove = (index: number, focusNext: boolean) => {
    onRemove(index);
    // After removal the chip that followed takes this index; with none left, focus returns to the box.
    const next = focusNext && values.length > 1 ? Math.min(index, values.length - 2) : -1;
    queueMicrotask(() => focusAt(next));
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowLeft') focusAt(Math.max(0, index - 1));
    else if (event.key === 'ArrowRight') focusAt(index + 1);
    else if (event.key === 'Backspace' || event.key === 'Delete') remove(index, true);
    else return;
    event.preventDefault();
  };

  return (
    <ul aria-label={listLabel} className="flex max-w-full flex-wrap gap-1.5">
      {values.map((value, index) => (
        <li
          key={value}
          className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-700 ring-1 ring-brand-200"
        >
          <span dir="auto" className="[overflow-wrap:anywhere]">
            {value}
          </span>
          <button
            type="button"
            tabIndex={-1}
            data-chip-remove
            ref={(el) => {
              buttons.current[index] = el;
            }}
            aria-label={removeLabel(value)}
            onClick={() => remove(index, false)}
            onKeyDown={onKeyDown(index)}
            className="shrink-0 rounded-full p-0.5 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X className="h-3 w-3" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

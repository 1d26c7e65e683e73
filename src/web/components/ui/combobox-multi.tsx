import { useCombobox } from 'downshift';
import { useId, useRef, useState } from 'react';
import { ComboboxChips } from './combobox-chips';
import { type ComboboxItem, comboboxItems, findOption } from './combobox-items';
import {
  type ComboboxBaseProps,
  ComboboxFrame,
  ComboboxMenu,
  DEFAULT_LIMIT,
  ToggleButton,
  boxClass,
  defaultCreateLabel,
  highlightedChoice,
  isWaitingRow,
  inputClass,
  itemToKey,
  itemToString,
  joinIds,
  menuStatus,
  skipDownshift,
  useEscapeClosesListOnly,
} from './combobox-parts';

export interface MultiComboboxProps extends ComboboxBaseProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** Each chip's remove button, e.g. (v) => `Remove tag ${v}`. */
  removeLabel?: (value: string) => string;
  /** The chip list's accessible name. */
  chosenLabel?: string;
  /**
   * Leaving the box (Tab, a click elsewhere) adds what was typed, as Enter on its row would, so a value
   * typed in a pick-or-add box is never silently dropped. On unless told otherwise.
   */
  commitOnBlur?: boolean;
  /** Keys that add what was typed, e.g. [','] for tags. */
  separators?: string[];
}

const { stateChangeTypes: T } = useCombobox;

/**
 * A multi-value combobox: chosen values show as removable chips, the list offers the rest. Backspace in an
 * empty box removes the last chip; when `onCreate` is given a new typed value is offered as `Add "…"`.
 */
export function MultiCombobox({
  id,
  label,
  labelId,
  error,
  options,
  value,
  onChange,
  placeholder,
  disabled,
  onCreate,
  canCreate,
  createLabel = defaultCreateLabel,
  creating,
  limit = DEFAULT_LIMIT,
  emptyText = 'No matches',
  removeLabel = (v) => `Remove ${v}`,
  chosenLabel = 'Selected',
  commitOnBlur = true,
  separators = [],
  className,
  ...aria
}: MultiComboboxProps) {
  const generated = useId();
  const inputId = id ?? `${generated}-input`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-chips-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // A mirror of the box's text for filtering; the box itself is downshift's, so no keystroke is lost.
  const [text, setText] = useState('');
  const [announcement, setAnnouncement] = useState('');

  const listFor = (typed: string) => comboboxItems({ options, query: typed, selected: value, creatable: Boolean(onCreate), canCreate, limit });
  const { items, matched, duplicate } = listFor(text);

  const add = (next: string) => {
    onChange([...value, next]);
    setAnnouncement(`${next} added`);
  };
  const removeAt = (index: number) => {
    const gone = value[index];
    onChange(value.filter((_, i) => i !== index));
    setAnnouncement(`${gone} removed`);
  };

  const {
    isOpen,
    highlightedIndex,
    getLabelProps,
    getMenuProps,
    getInputProps,
    getItemProps,
    getToggleButtonProps,
    closeMenu,
    openMenu,
    setInputValue,
    setHighlightedIndex,
  } = useCombobox<ComboboxItem>({
    items,
    inputId,
    labelId: labelId ?? `${inputId}-label`,
    selectedItem: null,
    itemToString,
    itemToKey,
    isItemDisabled: (item) => isWaitingRow(item, creating),
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        case T.InputChange: {
          const typed = changes.inputValue ?? '';
          return { ...changes, highlightedIndex: typed.trim() && listFor(typed).items.length ? 0 : -1 };
        }
        case T.InputBlur:
          // Leaving never picks the highlighted row; what was typed stays (or is added, with commitOnBlur).
          return { ...changes, selectedItem: null, inputValue: state.inputValue };
        default:
          return changes;
      }
    },
    onInputValueChange: ({ inputValue: next = '' }) => setText(next),
  });

  /** Adds the typed text the way choosing its row would: the known spelling, else a new value. */
  const commitTyped = (current: string) => {
    const typed = current.trim();
    setText('');
    setInputValue('');
    if (!typed || value.some((v) => v.toLowerCase() === typed.toLowerCase())) return;
    const known = findOption(options, typed);
    if (known) add(known);
    else if (onCreate && (canCreate?.(typed) ?? true)) onCreate(typed);
  };

  /** Adds the row and keeps the list open for the next one, with nothing highlighted so Enter again adds nothing. */
  const choose = (item: ComboboxItem) => {
    if (item.kind === 'option') add(item.value);
    else if (item.kind === 'create') onCreate?.(item.value);
    setText('');
    setInputValue('');
    setHighlightedIndex(-1);
  };
  useEscapeClosesListOnly(isOpen, inputRef, closeMenu);

  const invalid = aria['aria-invalid'] || Boolean(error);
  const status = menuStatus({ items, matched, shown: Math.min(matched, limit), duplicate, query: text, emptyText });

  return (
    <ComboboxFrame label={label} labelProps={getLabelProps()} error={error} errorId={errorId} className={className}>
      <div ref={boxRef} className={boxClass(invalid, disabled)}>
        <ComboboxChips values={value} listLabel={chosenLabel} removeLabel={removeLabel} onRemove={removeAt} inputRef={inputRef} />
        <input
          {...getInputProps({
            ref: inputRef,
            disabled,
            // Once chips fill the box the hint has done its job; a truncated one would only crowd them.
            placeholder: value.length ? undefined : placeholder,
            'aria-invalid': invalid || undefined,
            'aria-describedby': joinIds(aria['aria-describedby'], Boolean(error) && errorId, value.length > 0 && hintId),
            onKeyDown: (event) => {
              const input = event.currentTarget;
              const current = input.value;
              const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
              const choice = event.key === 'Enter' ? highlightedChoice(isOpen, highlightedIndex, items, creating) : undefined;
              if (choice) {
                skipDownshift(event);
                choose(choice);
              } else if (event.key === 'Backspace' && !current && value.length) {
                skipDownshift(event);
                removeAt(value.length - 1);
              } else if (event.key === 'ArrowLeft' && atStart && value.length) {
                skipDownshift(event);
                boxRef.current
                  ?.querySelectorAll<HTMLButtonElement>('[data-chip-remove]')
                  .item(value.length - 1)
                  ?.focus();
              } else if (separators.includes(event.key) || (event.key === 'Enter' && listFor(current).duplicate)) {
                skipDownshift(event);
                commitTyped(current);
              } else if (event.key === 'Enter' && !isOpen && current.trim()) {
                // A closed list with text typed: show the choices rather than submitting the form.
                skipDownshift(event);
                openMenu();
              }
            },
            onChange: (event) => setText(event.currentTarget.value),
            onBlur: (event) => {
              if (commitOnBlur) commitTyped(event.currentTarget.value);
            },
          })}
          dir="auto"
          className={inputClass}
        />
        <ToggleButton getToggleButtonProps={getToggleButtonProps} disabled={disabled} />
        <ComboboxMenu
          isOpen={isOpen}
          items={items}
          highlightedIndex={highlightedIndex}
          getMenuProps={getMenuProps}
          getItemProps={getItemProps}
          onChoose={choose}
          isSelected={() => false}
          createLabel={createLabel}
          creating={creating}
          status={status}
        />
        {value.length ? (
          <span id={hintId} className="sr-only">
            Backspace removes the last one; Left arrow moves to the chosen ones.
          </span>
        ) : null}
        <span role="status" className="sr-only">
          {announcement}
        </span>
      </div>
    </ComboboxFrame>
  );
}

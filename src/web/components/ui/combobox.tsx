import { useCombobox } from 'downshift';
import { useId, useRef, useState } from 'react';
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

export interface ComboboxProps extends ComboboxBaseProps {
  value: string;
  onChange: (value: string) => void;
  /**
   * A fixed last row while nothing is typed (e.g. "Add new …..."): choosing it empties the box and asks
   * for the new name with `placeholder`; typing then offers the create row, which Enter takes.
   */
  createEntry?: { label: string; placeholder: string };
}

const { stateChangeTypes: T } = useCombobox;

/**
 * An editable single-value combobox: type to filter, arrows to move, Enter to choose, Escape to close;
 * when `onCreate` is given a new typed value is offered as `Add "…"`. Emptying the box clears the value.
 * In a box that can add, the name typed is kept however focus leaves (Tab, a click elsewhere): it becomes
 * the value, as Enter on its own row would make it. To drop it, Escape on the closed list puts the value back.
 */
export function Combobox({
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
  createEntry,
  limit = DEFAULT_LIMIT,
  emptyText = 'No matches',
  className,
  ...aria
}: ComboboxProps) {
  const generated = useId();
  const inputId = id ?? `${generated}-input`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  // A mirror of the box's text for filtering; the box itself is downshift's, so no keystroke is lost.
  const [text, setText] = useState(value);
  const [askingForNew, setAskingForNew] = useState(false);
  // Whether the person changed the text since the value was last shown (an emptied box clears the value).
  const [edited, setEdited] = useState(false);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    // The value changed from outside (or a created one arrived); downshift shows it in the box.
    setShownValue(value);
    setText(value);
    setEdited(false);
    setAskingForNew(false);
  }
  // The chosen value still in the box means nothing was typed: the list shows every option.
  const query = text === value ? '' : text;

  const listFor = (typed: string) => comboboxItems({ options, query: typed, creatable: Boolean(onCreate), canCreate, entryLabel: createEntry?.label, limit });
  const { items, matched } = listFor(query);
  const selectedItem: ComboboxItem | null = value ? { kind: 'option', value } : null;

  const combobox = useCombobox<ComboboxItem>({
    items,
    inputId,
    labelId: labelId ?? `${inputId}-label`,
    selectedItem,
    initialInputValue: value,
    itemToString,
    itemToKey,
    isItemDisabled: (item) => isWaitingRow(item, creating),
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        case T.InputChange: {
          // Typing highlights the best match, so Enter takes it; after "Add new…" the new name is the one meant.
          const typed = changes.inputValue ?? '';
          const list = listFor(typed).items;
          const createRow = askingForNew ? list.findIndex((item) => item.kind === 'create') : -1;
          return { ...changes, highlightedIndex: !typed.trim() || !list.length ? -1 : Math.max(createRow, 0) };
        }
        case T.InputBlur:
          // Leaving never takes the highlighted row: what was typed is handled by the box's own blur handler.
          return { ...changes, selectedItem: state.selectedItem, inputValue: itemToString(state.selectedItem) };
        case T.InputKeyDownEscape:
          // Escape on a closed list restores the shown value instead of clearing the choice.
          return state.isOpen ? changes : { ...changes, selectedItem: state.selectedItem, inputValue: itemToString(state.selectedItem) };
        default:
          return changes;
      }
    },
    onInputValueChange: ({ inputValue: next = '' }) => setText(next),
  });
  const { isOpen, highlightedIndex, getLabelProps, getMenuProps, getInputProps, getItemProps, getToggleButtonProps, closeMenu, setInputValue, selectItem } =
    combobox;

  const choose = (item: ComboboxItem) => {
    setEdited(false);
    if (item.kind === 'entry') {
      setAskingForNew(true);
      setText('');
      setInputValue('');
    } else {
      // Shows the chosen text at once; the value follows (a created one may arrive later).
      setText(item.value);
      selectItem(item);
      if (item.kind === 'option') onChange(item.value);
      else onCreate?.(item.value);
    }
    closeMenu();
  };
  useEscapeClosesListOnly(isOpen, inputRef, closeMenu);

  /** The row a name typed into a box that can add stands for: the option spelled so, else a new value. */
  const typedChoice = (typed: string): ComboboxItem | undefined => {
    // A creation under way brings its value itself; a second one would only collide with it.
    if (!onCreate || !typed || creating) return undefined;
    const known = findOption(options, typed);
    if (known) return { kind: 'option', value: known };
    return (canCreate?.(typed) ?? true) ? { kind: 'create', value: typed } : undefined;
  };

  const invalid = aria['aria-invalid'] || Boolean(error);
  const status = menuStatus({ items, matched, shown: Math.min(matched, limit), duplicate: false, query, emptyText });

  return (
    <ComboboxFrame label={label} labelProps={getLabelProps()} error={error} errorId={errorId} className={className}>
      <div className={boxClass(invalid, disabled)}>
        <input
          {...getInputProps({
            ref: inputRef,
            disabled,
            placeholder: askingForNew && createEntry ? createEntry.placeholder : placeholder,
            'aria-invalid': invalid || undefined,
            'aria-describedby': joinIds(aria['aria-describedby'], Boolean(error) && errorId),
            onKeyDown: (event) => {
              const item = event.key === 'Enter' ? highlightedChoice(isOpen, highlightedIndex, items, creating) : undefined;
              if (!item) return;
              skipDownshift(event);
              choose(item);
            },
            onChange: (event) => {
              setText(event.currentTarget.value);
              setEdited(true);
            },
            onBlur: (event) => {
              // The list may already be closed (Escape), so the box is tidied here too.
              const current = event.currentTarget.value;
              const typed = current !== value ? typedChoice(current.trim()) : undefined;
              if (typed) {
                // Downshift's own blur would put the previous value back before this one arrives.
                skipDownshift(event);
                choose(typed);
              } else if (edited && !askingForNew && !current.trim() && value) onChange('');
              else if (current !== value) setInputValue(value);
              setEdited(false);
              setAskingForNew(false);
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
          isSelected={(v) => v === value}
          createLabel={createLabel}
          creating={creating}
          status={status}
        />
      </div>
    </ComboboxFrame>
  );
}

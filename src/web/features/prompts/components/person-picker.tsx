import { useCombobox } from 'downshift';
import { useId, useRef, useState } from 'react';
import type { PromptPerson } from '../../../../shared/schemas/owners';
import { ComboboxFrame, ToggleButton, boxClass, inputClass, joinIds, skipDownshift, useEscapeClosesListOnly } from '../../../components/ui/combobox-parts';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/text-input';
import { cn } from '../../../lib/utils';
import { usePromptWriters } from '../api/search-prompt-writers';

/** "First Last", or the email for a member with no name. */
export const personName = (p: Pick<PromptPerson, 'firstName' | 'lastName' | 'email'>) => `${p.firstName} ${p.lastName}`.trim() || p.email;

/** The server answers at most this many; a full page means typing may find others. */
const SEARCH_LIMIT = 20;

interface Props {
  label: string;
  /** People already chosen elsewhere in the dialog: they are not offered again. */
  excludeIds: readonly string[];
  onPick: (person: PromptPerson) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
  placeholder?: string;
}

const { stateChangeTypes: T } = useCombobox;

/**
 * A combobox that finds members who can own a prompt by name or email, asking the server as one types
 * (debounced). Each option shows the name, the email and the unit, since two members may share a name.
 * Choosing one hands it to `onPick` and empties the box for the next search.
 */
export function PersonPicker({ label, excludeIds, onPick, error, hint, disabled, placeholder = 'Search by name or email' }: Props) {
  const inputId = `${useId()}-person`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const statusId = `${inputId}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [opened, setOpened] = useState(false);
  const search = useDebouncedValue(text);
  const writers = usePromptWriters(search, opened && !disabled);
  const found = writers.data?.items ?? [];
  // The server matches the same way; filtering here too narrows the previous answer at once, so the row
  // Enter takes while the next search is on its way is always one that matches what is typed.
  const needle = text.trim().toLowerCase();
  const items = found.filter((p) => !excludeIds.includes(p.id) && (!needle || `${p.firstName} ${p.lastName}\n${p.email}`.toLowerCase().includes(needle)));
  // The answer on screen is for an older text until the debounced search catches up.
  const searching = writers.isFetching || search !== text;

  const combobox = useCombobox<PromptPerson>({
    items,
    inputId,
    labelId: `${inputId}-label`,
    selectedItem: null,
    itemToString: (p) => (p ? personName(p) : ''),
    itemToKey: (p) => p?.id ?? '',
    stateReducer: (state, { type, changes }) => {
      // Typing highlights the first match, so Enter takes it.
      if (type === T.InputChange) return { ...changes, highlightedIndex: changes.inputValue?.trim() ? 0 : -1 };
      // Leaving the box keeps what was typed and picks nobody.
      if (type === T.InputBlur) return { ...changes, inputValue: state.inputValue };
      return changes;
    },
    onIsOpenChange: ({ isOpen }) => {
      if (isOpen) setOpened(true);
    },
    // A mirror of the box's text for the search; the box itself is downshift's, so no keystroke is lost.
    onInputValueChange: ({ inputValue }) => setText(inputValue ?? ''),
  });
  const { isOpen, highlightedIndex, getLabelProps, getMenuProps, getInputProps, getItemProps, getToggleButtonProps, closeMenu, setInputValue } = combobox;
  useEscapeClosesListOnly(isOpen, inputRef, closeMenu);

  const pick = (person: PromptPerson) => {
    onPick(person);
    setText('');
    setInputValue('');
    closeMenu();
  };

  let status: string | undefined;
  if (writers.isError) status = errorMessage(writers.error, 'The members could not be loaded.');
  else if (!writers.data || (searching && !items.length)) status = 'Searching…';
  else if (!items.length) status = text.trim() ? 'No member with edit access matches' : 'Everyone who can edit is already listed';
  else if (found.length >= SEARCH_LIMIT) status = `Showing the first ${SEARCH_LIMIT}. Type to narrow the list.`;

  const invalid = Boolean(error);
  return (
    <ComboboxFrame label={label} labelProps={getLabelProps()} error={error} errorId={errorId}>
      <div className={boxClass(invalid, disabled)}>
        <input
          {...getInputProps({
            ref: inputRef,
            disabled,
            placeholder,
            'aria-invalid': invalid || undefined,
            'aria-describedby': joinIds(hint && hintId, invalid && errorId),
            onKeyDown: (event) => {
              const person = event.key === 'Enter' && isOpen && highlightedIndex >= 0 ? items[highlightedIndex] : undefined;
              if (event.key === 'Enter') {
                // Enter never submits the dialog's form from here: it picks, or does nothing.
                skipDownshift(event);
                if (person) pick(person);
              }
            },
          })}
          autoComplete="off"
          spellCheck={false}
          dir="auto"
          className={inputClass}
        />
        <ToggleButton getToggleButtonProps={getToggleButtonProps} disabled={disabled} />
        <div
          className={cn(
            'absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg',
            !isOpen && 'hidden',
          )}
        >
          {/* Not a Tab stop, like the other comboboxes' lists. */}
          <ul
            {...getMenuProps({ tabIndex: -1, 'aria-describedby': status ? statusId : undefined })}
            className={cn('max-h-64 overflow-y-auto py-1', !(isOpen && items.length) && 'hidden')}
          >
            {isOpen
              ? items.map((person, index) => (
                  <li
                    key={person.id}
                    {...getItemProps({
                      item: person,
                      index,
                      onClick: (event) => {
                        skipDownshift(event);
                        pick(person);
                      },
                    })}
                    className={cn('cursor-pointer px-3 py-2 text-sm text-slate-800', highlightedIndex === index && 'bg-brand-50 text-brand-800')}
                  >
                    <span dir="auto" className="block font-medium [overflow-wrap:anywhere]">
                      {personName(person)}
                    </span>{' '}
                    <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
                      {person.email}
                      {person.businessUnit ? ` · ${person.businessUnit}` : ''}
                    </span>
                  </li>
                ))
              : null}
          </ul>
          {isOpen && status ? (
            <p id={statusId} className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500 first:border-t-0">
              {status}
            </p>
          ) : null}
        </div>
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </ComboboxFrame>
  );
}

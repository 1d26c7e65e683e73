import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from './combobox';
import { MultiCombobox } from './combobox-multi';

const UNITS = ['Engineering', 'Legal', 'Marketing', 'Research'];
const TAGS = ['sql', 'python', 'SQL tuning', 'legal'];

const ADD_NEW = { label: 'Add new business unit...', placeholder: 'New business unit name' };

function Single({
  initial = '',
  creatable = false,
  withEntry = false,
  onCreate = vi.fn(),
}: {
  initial?: string;
  creatable?: boolean;
  withEntry?: boolean;
  onCreate?: (v: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const [options, setOptions] = useState(UNITS);
  return (
    <>
      <Combobox
        label="Business unit"
        options={options}
        value={value}
        onChange={setValue}
        onCreate={
          creatable
            ? (typed) => {
                onCreate(typed);
                setOptions((o) => [...o, typed]);
                setValue(typed);
              }
            : undefined
        }
        createEntry={withEntry ? ADD_NEW : undefined}
        error={value ? undefined : 'Business unit is required'}
      />
      <output aria-label="value">{value}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

function Multi({ initial = [] as string[], onCreate }: { initial?: string[]; onCreate?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MultiCombobox
        label="Tags"
        options={TAGS}
        value={value}
        onChange={setValue}
        onCreate={
          onCreate
            ? (typed) => {
                onCreate(typed);
                setValue((v) => [...v, typed]);
              }
            : undefined
        }
        removeLabel={(t) => `Remove tag ${t}`}
        chosenLabel="Selected tags"
      />
      <output aria-label="value">{value.join('|')}</output>
    </>
  );
}

const shown = () => screen.getByLabelText('value').textContent;
const optionNames = () =>
  within(screen.getByRole('listbox'))
    .queryAllByRole('option')
    .map((o) => o.textContent);

describe('Combobox (single value)', () => {
  it('is labelled, shows its error through aria-describedby and aria-invalid', () => {
    render(<Single />);
    const box = screen.getByRole('combobox', { name: 'Business unit' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Business unit is required');
  });

  it('filters as you type and chooses with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    render(<Single />);
    const box = screen.getByRole('combobox', { name: 'Business unit' });
    await user.type(box, 'e');
    expect(optionNames()).toEqual(['Engineering', 'Legal', 'Marketing', 'Research']);
    await user.clear(box);
    await user.type(box, 'ar');
    expect(optionNames()).toEqual(['Marketing', 'Research']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(shown()).toBe('Research');
    expect(box).toHaveValue('Research');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('opens on ArrowDown showing every option, Escape closes and keeps the value', async () => {
    const user = userEvent.setup();
    render(<Single initial="Legal" />);
    const box = screen.getByRole('combobox', { name: 'Business unit' });
    await user.click(box);
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(optionNames()).toEqual(UNITS);
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(shown()).toBe('Legal');
  });

  it('offers no create row without onCreate, and says nothing matches', async () => {
    const user = userEvent.setup();
    render(<Single />);
    await user.type(screen.getByRole('combobox', { name: 'Business unit' }), 'Zzz');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No matches')).toBeVisible();
  });

  it('offers Add "…" for a new value and selects an existing one typed in another case', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<Single creatable onCreate={onCreate} />);
    const box = screen.getByRole('combobox', { name: 'Business unit' });
    await user.type(box, 'research');
    expect(optionNames()).toEqual(['Research']);
    await user.keyboard('{Enter}');
    expect(shown()).toBe('Research');
    expect(onCreate).not.toHaveBeenCalled();

    await user.clear(box);
    await user.type(box, '  Procurement ');
    expect(optionNames()).toEqual(['Add "Procurement"']);
    await user.keyboard('{Enter}');
    expect(onCreate).toHaveBeenCalledWith('Procurement');
    expect(shown()).toBe('Procurement');
  });

  it('renders at most `limit` options of a long list and says how to reach the rest', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 250 }, (_, i) => `Unit ${i + 1}`);
    render(<Combobox label="Business unit" options={many} value="" onChange={() => {}} limit={100} />);
    await user.type(screen.getByRole('combobox', { name: 'Business unit' }), 'unit');
    expect(optionNames()).toHaveLength(100);
    expect(screen.getByText('Showing 100 of 250. Type to narrow the list.')).toBeVisible();
    await user.type(screen.getByRole('combobox', { name: 'Business unit' }), ' 25');
    expect(optionNames()).toEqual(['Unit 25', 'Unit 250']);
  });

  it('leaves the value alone when the person types and tabs away, and clears it when the box is emptied', async () => {
    const user = userEvent.setup();
    render(<Single initial="Legal" />);
    const box = screen.getByRole('combobox', { name: 'Business unit' });
    await user.type(box, 'xyz');
    await user.tab();
    expect(box).toHaveValue('Legal');
    expect(shown()).toBe('Legal');
    await user.clear(box);
    await user.tab();
    expect(shown()).toBe('');
  });
});

describe('Combobox that can add: the typed name survives focus leaving', () => {
  const chooseAddNew = async (user: ReturnType<typeof userEvent.setup>, box: HTMLElement) => {
    await user.click(box);
    await user.click(screen.getByRole('option', { name: 'Add new business unit...' }));
    expect(box).toHaveAttribute('placeholder', 'New business unit name');
  };

  it('keeps a new name typed after "Add new…" when Tab moves on', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<Single creatable withEntry onCreate={onCreate} />);
    const box = screen.getByRole('combobox', { name: 'Business unit' });
    await chooseAddNew(user, box);
    await user.type(box, 'Field Ops');
    await user.tab();
    expect(onCreate).toHaveBeenCalledWith('Field Ops');
    expect(shown()).toBe('Field Ops');
    expect(box).toHaveValue('Field Ops');
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('keeps it when a click elsewhere moves focus, replacing a unit chosen before', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<Single initial="Legal" creatable withEntry onCreate={onCreate} />);
    const box = screen.getByRole('combobox', { name: 'Business unit' });
    await chooseAddNew(user, box);
    await user.type(box, '  Procurement ');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onCreate).toHaveBeenCalledWith('Procurement');
    expect(shown()).toBe('Procurement');
  });

  it('after "Add new…", Enter takes the new name even when an existing one contains it', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<Single creatable withEntry onCreate={onCreate} />);
    const box = screen.getByRole('combobox', { name: 'Business unit' });
    await chooseAddNew(user, box);
    await user.type(box, 'Mark');
    expect(optionNames()).toEqual(['Marketing', 'Add "Mark"']);
    await user.keyboard('{Enter}');
    expect(onCreate).toHaveBeenCalledWith('Mark');
    expect(shown()).toBe('Mark');
  });

  it('takes an existing unit in its stored spelling instead of adding it again', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<Single creatable withEntry onCreate={onCreate} />);
    const box = screen.getByRole('combobox', { name: 'Business unit' });
    await chooseAddNew(user, box);
    await user.type(box, 'research');
    await user.tab();
    expect(onCreate).not.toHaveBeenCalled();
    expect(shown()).toBe('Research');
  });

  it('keeps a new name typed without "Add new…" too, and Escape still puts the chosen value back', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<Single initial="Legal" creatable onCreate={onCreate} />);
    const box = screen.getByRole('combobox', { name: 'Business unit' });
    await user.clear(box);
    await user.type(box, 'Procurement');
    await user.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('Legal');
    await user.tab();
    expect(onCreate).not.toHaveBeenCalled();
    expect(shown()).toBe('Legal');

    await user.click(box);
    await user.clear(box);
    await user.type(box, 'Procurement');
    await user.tab();
    expect(onCreate).toHaveBeenCalledWith('Procurement');
    expect(shown()).toBe('Procurement');
  });

  it('leaves an empty "Add new…" box as it was', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<Single initial="Legal" creatable withEntry onCreate={onCreate} />);
    const box = screen.getByRole('combobox', { name: 'Business unit' });
    await chooseAddNew(user, box);
    await user.tab();
    expect(onCreate).not.toHaveBeenCalled();
    expect(shown()).toBe('Legal');
    expect(box).toHaveValue('Legal');
  });
});

describe('MultiCombobox', () => {
  it('adds what was typed when focus leaves, a new value or a known one in its spelling', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<Multi onCreate={onCreate} />);
    const box = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(box, 'Prompting');
    await user.tab();
    expect(onCreate).toHaveBeenCalledWith('Prompting');
    expect(shown()).toBe('Prompting');
    await user.type(box, 'PYTHON');
    await user.click(document.body);
    expect(shown()).toBe('Prompting|python');
    expect(box).toHaveValue('');
  });

  it('adds options by keyboard as chips and keeps chosen ones out of the list', async () => {
    const user = userEvent.setup();
    render(<Multi />);
    const box = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(box, 'sql');
    expect(optionNames()).toEqual(['sql', 'SQL tuning']);
    await user.keyboard('{Enter}');
    expect(shown()).toBe('sql');
    expect(box).toHaveValue('');
    await user.keyboard('{ArrowDown}');
    expect(optionNames()).toEqual(['python', 'SQL tuning', 'legal']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(shown()).toBe('sql|SQL tuning');
    expect(within(screen.getByRole('list', { name: 'Selected tags' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('creates a new value only when creating is allowed, and ignores a duplicate in any case', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<Multi initial={['sql']} onCreate={onCreate} />);
    const box = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(box, 'Prompting');
    expect(optionNames()).toEqual(['Add "Prompting"']);
    await user.keyboard('{Enter}');
    expect(onCreate).toHaveBeenCalledWith('Prompting');
    expect(shown()).toBe('sql|Prompting');

    await user.type(box, 'SQL');
    expect(optionNames()).toEqual(['SQL tuning']);
    await user.clear(box);
    await user.type(box, 'prompting');
    expect(screen.getByText('"prompting" is already selected')).toBeVisible();
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('');
    expect(shown()).toBe('sql|Prompting');
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('offers no create row when creating is not allowed', async () => {
    const user = userEvent.setup();
    render(<Multi />);
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'brand new');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No matches')).toBeVisible();
  });

  it('shows no empty list when every option is chosen and nothing is typed', async () => {
    const user = userEvent.setup();
    render(<Multi initial={TAGS} />);
    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    expect(screen.queryByText('No matches')).toBeNull();
  });

  it('removes the last chip with Backspace in the empty box', async () => {
    const user = userEvent.setup();
    render(<Multi initial={['sql', 'python']} />);
    const box = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(box, 'x{Backspace}');
    expect(shown()).toBe('sql|python');
    await user.keyboard('{Backspace}');
    expect(shown()).toBe('sql');
    await user.keyboard('{Backspace}');
    expect(shown()).toBe('');
    expect(screen.queryByRole('list', { name: 'Selected tags' })).toBeNull();
  });

  it('removes a chip with its labelled button, and returns focus to the box', async () => {
    const user = userEvent.setup();
    render(<Multi initial={['sql', 'python', 'legal']} />);
    await user.click(screen.getByRole('button', { name: 'Remove tag python' }));
    expect(shown()).toBe('sql|legal');
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Tags' })).toHaveFocus());
  });

  it('reaches the chips with Left arrow and removes the focused one with Delete', async () => {
    const user = userEvent.setup();
    render(<Multi initial={['sql', 'python', 'legal']} />);
    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    await user.keyboard('{Escape}{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Remove tag legal' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Delete}');
    expect(shown()).toBe('sql|legal');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Remove tag legal' })).toHaveFocus());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('combobox', { name: 'Tags' })).toHaveFocus();
  });
});

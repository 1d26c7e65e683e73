import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortableAnnouncements, SortableItem, SortableList } from './sortable-list';

// jsdom lays nothing out: each list item is given the place a 40 px row would have, so that the
// keyboard moves (which go by the rows' positions) have somewhere to go.
const ROW = 48;
const realRect = Element.prototype.getBoundingClientRect;
beforeAll(() => {
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const li = this.closest('li');
    const index = li ? Array.from(li.parentElement!.children).indexOf(li) : 0;
    const top = index * ROW;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 40, width: 300, height: 40, toJSON: () => ({}) } as DOMRect;
  };
});
afterAll(() => {
  Element.prototype.getBoundingClientRect = realRect;
});

const TITLES = ['Welcome email', 'First-week checklist', 'Team introduction'];

function List() {
  const [items, setItems] = useState(TITLES);
  return (
    <SortableList
      ids={items}
      labelOf={(id) => id}
      onMove={(from, to) => {
        const next = [...items];
        next.splice(to, 0, next.splice(from, 1)[0]!);
        setItems(next);
      }}
    >
      <ol aria-label="Prompts in order">
        {items.map((t) => (
          <SortableItem key={t} id={t} label={t}>
            {(handle) => (
              <div>
                {handle} {t}
              </div>
            )}
          </SortableItem>
        ))}
      </ol>
    </SortableList>
  );
}

const order = () => screen.getAllByRole('listitem').map((li) => li.textContent?.trim());
const liveRegion = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent;
/** dnd-kit measures after each key on the next frame: let it, as a person's next key press would. */
const frame = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

describe('the sortable list from the keyboard', () => {
  it('picks an item up with Space, moves it with the arrows, drops it with Space, each step announced by name and place', async () => {
    const user = userEvent.setup();
    render(<List />);
    const handle = screen.getByRole('button', { name: 'Reorder Team introduction' });
    expect(handle).toHaveAccessibleDescription(/press Space/);
    handle.focus();
    await user.keyboard(' ');
    await frame();
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    expect(liveRegion()).toMatch(/Team introduction (is at|moved to) position 3 of 3\.|Picked up Team introduction, position 3 of 3\./);
    await user.keyboard('{ArrowUp}');
    await frame();
    expect(liveRegion()).toBe('Team introduction moved to position 2 of 3.');
    await user.keyboard(' ');
    await frame();
    expect(liveRegion()).toBe('Team introduction dropped at position 2 of 3.');
    expect(order()).toEqual(['Welcome email', 'Team introduction', 'First-week checklist']);
  });

  it('puts the item back with Escape, and says so', async () => {
    const user = userEvent.setup();
    render(<List />);
    const handle = screen.getByRole('button', { name: 'Reorder Welcome email' });
    handle.focus();
    await user.keyboard(' ');
    await frame();
    await user.keyboard('{ArrowDown}');
    await frame();
    expect(liveRegion()).toBe('Welcome email moved to position 2 of 3.');
    await user.keyboard('{Escape}');
    await frame();
    expect(liveRegion()).toBe('Moving cancelled. Welcome email is back at position 1 of 3.');
    expect(order()).toEqual(TITLES);
  });
});

describe('the announcements', () => {
  it('name the item and its place, never an id', () => {
    const a = sortableAnnouncements(['a', 'b'], (id) => ({ a: 'Alpha', b: 'Beta' })[id]!);
    const active = { id: 'a' } as never;
    expect(a.onDragStart({ active })).toBe('Picked up Alpha, position 1 of 2.');
    expect(a.onDragOver({ active, over: { id: 'b' } as never })).toBe('Alpha moved to position 2 of 2.');
    expect(a.onDragOver({ active, over: null })).toBe('Alpha is outside the list.');
    expect(a.onDragEnd({ active, over: null })).toBe('Alpha was not moved.');
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ActiveFilterChips } from './active-filter-chips';
import { FilterProvider, useFilters } from './filter-context';
import { VisibilityFilter } from './visibility-filter';

function Panel() {
  const f = useFilters();
  return (
    <>
      <VisibilityFilter selected={f.visibility} onChange={f.setVisibility} />
      <ActiveFilterChips />
      <output aria-label="Active count">{f.active}</output>
    </>
  );
}

function renderPanel(path: string) {
  window.history.replaceState(null, '', path);
  render(
    <BrowserRouter>
      <FilterProvider>
        <Panel />
      </FilterProvider>
    </BrowserRouter>,
  );
}

const visibilityParam = () => new URLSearchParams(window.location.search).get('visibility');
const group = () => screen.getByRole('group', { name: 'Visibility' });

describe('the Visibility filter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('offers the three visibilities as checkboxes, kept in the URL in their own order', async () => {
    renderPanel('/all-prompts?tags=sql');
    const boxes = within(group()).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual(['Only me', 'My units', 'Organization']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Organization' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only me' }));
    expect(visibilityParam()).toBe('private,organization');
    // The other filters stay as they were.
    expect(new URLSearchParams(window.location.search).get('tags')).toBe('sql');
    expect(screen.getByRole('status', { name: 'Active count' })).toHaveTextContent('3');
  });

  it('works from the keyboard: Tab to a choice, Space ticks it', async () => {
    renderPanel('/all-prompts');
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'Only me' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(visibilityParam()).toBe('private');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(visibilityParam()).toBe('private,units');
  });

  it('shows each choice as a removable chip, and reads a link’s values (ignoring unknown ones)', async () => {
    renderPanel('/all-prompts?visibility=units,everyone,private');
    expect(screen.getByRole('checkbox', { name: 'Only me' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'My units' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Organization' })).not.toBeChecked();
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Remove filter Visibility: Only me', 'Remove filter Visibility: My units', 'Clear all']);
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter Visibility: My units' }));
    expect(visibilityParam()).toBe('private');
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter Visibility: Only me' }));
    expect(visibilityParam()).toBeNull();
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
  });
});

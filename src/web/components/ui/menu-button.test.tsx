import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton, MenuItem, MenuRadioGroup, MenuSeparator } from './menu-button';

function UserMenu({ onProfile, onLogout }: { onProfile: () => void; onLogout: () => void }) {
  const [theme, setTheme] = useState<'light' | 'dark' | 'system'>('system');
  return (
    <>
      <MenuButton label="User menu" trigger="Ada">
        <MenuItem onSelect={onProfile}>Edit Profile</MenuItem>
        <MenuSeparator />
        <MenuRadioGroup
          label="Theme"
          value={theme}
          onValueChange={setTheme}
          options={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
            { value: 'system', label: 'System' },
          ]}
        />
        <MenuItem onSelect={onLogout}>Logout</MenuItem>
      </MenuButton>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('the menu button', () => {
  it('opens from the keyboard on the first item, moves with arrows, Home and End, and runs an item with Enter', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    render(<UserMenu onProfile={() => {}} onLogout={onLogout} />);
    const button = screen.getByRole('button', { name: 'User menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu', { name: 'User menu' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Edit Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Light' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit Profile' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes with Escape back on its button, and with a click elsewhere', async () => {
    const user = userEvent.setup();
    render(<UserMenu onProfile={() => {}} onLogout={() => {}} />);
    const button = screen.getByRole('button', { name: 'User menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows which radio choice is on and switches it', async () => {
    const user = userEvent.setup();
    render(<UserMenu onProfile={() => {}} onLogout={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'false');
  });
});

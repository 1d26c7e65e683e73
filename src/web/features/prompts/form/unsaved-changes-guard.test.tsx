import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavigationGuardProvider } from '../../../lib/navigation-guard';
import { LeaveWithoutSavingDialog, useUnsavedChangesGuard } from './unsaved-changes-guard';

function EditForm() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const { blocker, allowLeaving } = useUnsavedChangesGuard(text !== '');
  return (
    <>
      <label>
        Title <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <button
        type="button"
        onClick={() => {
          allowLeaving();
          navigate('/elsewhere');
        }}
      >
        Save
      </button>
      <LeaveWithoutSavingDialog blocker={blocker} />
    </>
  );
}

function Where() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

function renderForm() {
  render(
    <MemoryRouter initialEntries={['/edit']}>
      <NavigationGuardProvider>
        <Routes>
          <Route path="/edit" element={<EditForm />} />
          <Route path="/elsewhere" element={<p>Another page</p>} />
        </Routes>
        <Where />
      </NavigationGuardProvider>
    </MemoryRouter>,
  );
}

describe('the unsaved-changes guard', () => {
  it('lets a clean form go without asking', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByText('Another page')).toBeInTheDocument();
  });

  it('asks before leaving a changed form: Keep editing stays with the text, Leave without saving goes', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Title'), 'Draft');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveTextContent('/edit');
    expect(screen.getByLabelText('Title')).toHaveValue('Draft');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });

  it('lets a save navigate away at once', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Title'), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks the browser to confirm closing the tab only while there are changes', async () => {
    const user = userEvent.setup();
    renderForm();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText('Title'), 'Draft');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

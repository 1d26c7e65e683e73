import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { UserDialog } from './user-dialog';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const created = {
  id: '00000000-0000-4000-8000-000000000007',
  email: 'nia@example.com',
  firstName: 'Nia',
  lastName: 'New',
  businessUnit: 'Ops',
  role: 'edit',
  mustChangePassword: 'false',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The server's sign-in options, the units, and the creation (answered without a password under OIDC_ONLY). */
function stubServer(passwordSignIn: boolean) {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/auth/options') return json(200, { sso: { displayName: 'Contoso ID' }, passwordSignIn });
    if (url === '/api/business-units') return json(200, [{ id: '00000000-0000-4000-8000-000000000001', name: 'Ops' }]);
    if (url === '/api/admin/users') return json(201, { user: created, message: 'User created successfully' });
    return json(404, { message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
}

function renderDialog() {
  const onCreated = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UserDialog user={null} currentUserId="me" open onOpenChange={onOpenChange} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  return { onCreated, onOpenChange };
}

afterEach(() => vi.unstubAllGlobals());

describe('the Create User dialog', () => {
  it('promises a temporary password when passwords are allowed', async () => {
    stubServer(true);
    renderDialog();
    expect(await screen.findByText(/A random temporary password is shown once the account is created/)).toBeVisible();
  });

  it('says the member will sign in with single sign-on under OIDC_ONLY, and shows no password', async () => {
    stubServer(false);
    const user = userEvent.setup();
    const { onCreated, onOpenChange } = renderDialog();
    expect(await screen.findByText('They will sign in with Contoso ID, with the email address below. No password is set.')).toBeVisible();
    await user.type(screen.getByLabelText('Email'), created.email);
    await user.type(screen.getByLabelText('First Name'), created.firstName);
    await user.type(screen.getByLabelText('Last Name'), created.lastName);
    await screen.findByRole('option', { name: 'Ops' });
    await user.selectOptions(screen.getByLabelText('Business Unit'), 'Ops');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    // Saved and closed, with no temporary password dialog to follow.
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onCreated).not.toHaveBeenCalled();
  });
});

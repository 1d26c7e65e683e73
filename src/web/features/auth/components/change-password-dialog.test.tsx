import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ChangePasswordDialog } from './change-password-dialog';

// jsdom has no ResizeObserver; the checkbox measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const me = {
  id: '00000000-0000-4000-8000-000000000009',
  email: 'eve@example.com',
  firstName: 'Eve',
  lastName: 'Editor',
  businessUnit: 'Legal',
  role: 'edit',
  mustChangePassword: 'false',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const token = (n: number, name: string, lastUsedAt: string | null) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  prefix: `apd_abc12${n}`,
  scopes: ['prompts:read'],
  createdAt: '2026-05-01T12:00:00.000Z',
  expiresAt: null,
  lastUsedAt,
});
const TOKENS = [token(1, 'Nightly sync', '2026-05-02T12:00:00.000Z'), token(2, 'Editor plugin', null)];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server as far as the dialog talks to it; returns the fetch mock to read the calls from. */
function stubServer(tokens = TOKENS) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/user') return json(200, me);
    if (url === '/api/tokens') return json(200, { items: tokens });
    if (url === '/api/change-password' && init?.method) return json(200, { message: 'Password changed successfully!' });
    return json(404, { message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const changeCalls = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls.filter(([url]) => url === '/api/change-password').map(([, init]) => ({ method: init?.method, body: JSON.parse(String(init?.body)) }));

function renderDialog(mode: 'menu' | 'forced') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ChangePasswordDialog mode={mode} open onOpenChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillPasswords(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Current Password'), 'the old password 1');
  await user.type(screen.getByLabelText('New Password'), 'a brand new secret 42');
  await user.type(screen.getByLabelText('Confirm New Password'), 'a brand new secret 42');
}

afterEach(() => vi.unstubAllGlobals());

describe('the change password dialog', () => {
  it('lists the member’s API tokens and revokes them with the change unless unchecked', async () => {
    const user = userEvent.setup();
    const fetch = stubServer();
    renderDialog('menu');
    const revoke = await screen.findByRole('checkbox', { name: 'Also revoke my API tokens' });
    expect(revoke).toBeChecked();
    expect(screen.getByText('Scripts and AI clients using your 2 API tokens stop working.')).toBeVisible();
    const items = within(screen.getByRole('list', { name: 'Your API tokens' })).getAllByRole('listitem');
    // Name, prefix and last use of each (the time of day depends on the time zone).
    expect(items[0]!.textContent).toMatch(/^Nightly syncStarts with apd_abc121…·Last used May 2, 2026, \d{1,2}:\d{2} [AP]M$/);
    expect(items[1]!.textContent).toBe('Editor pluginStarts with apd_abc122…·Never used');

    await fillPasswords(user);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await vi.waitFor(() => expect(changeCalls(fetch)).toHaveLength(1));
    expect(changeCalls(fetch)[0]).toEqual({
      method: 'PUT',
      body: { currentPassword: 'the old password 1', newPassword: 'a brand new secret 42', revokeApiTokens: true },
    });
  });

  it('keeps the tokens when the member unchecks the offer', async () => {
    const user = userEvent.setup();
    const fetch = stubServer([TOKENS[0]!]);
    renderDialog('menu');
    const revoke = await screen.findByRole('checkbox', { name: 'Also revoke my API tokens' });
    await user.click(revoke);
    expect(revoke).not.toBeChecked();
    expect(screen.getByText('Your API token keeps working.')).toBeVisible();
    await fillPasswords(user);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await vi.waitFor(() => expect(changeCalls(fetch)).toHaveLength(1));
    expect(changeCalls(fetch)[0]!.body).toMatchObject({ revokeApiTokens: false });
  });

  it('offers nothing about tokens when there are none', async () => {
    const fetch = stubServer([]);
    renderDialog('menu');
    await vi.waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/tokens')).toBe(true));
    await screen.findByRole('dialog', { name: 'Change Password' });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('neither lists nor offers tokens while a temporary password must be replaced', async () => {
    const forcedFetch = stubServer();
    renderDialog('forced');
    await screen.findByRole('dialog', { name: 'Change Your Password' });
    // The server refuses the token list until the password is changed; the reset revoked every token anyway.
    expect(forcedFetch.mock.calls.some(([url]) => url === '/api/tokens')).toBe(false);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

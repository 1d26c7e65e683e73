import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../../shared/constants';
import { CreateTokenDialog } from './create-token-dialog';

// jsdom has no ResizeObserver; the checkboxes measure themselves with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const TOKEN = 'apd_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const created = {
  token: TOKEN,
  apiToken: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Nightly export',
    prefix: 'apd_012345',
    scopes: ['prompts:read'],
    createdAt: '2026-05-01T12:00:00.000Z',
    expiresAt: '2026-05-31T12:00:00.000Z',
    lastUsedAt: null,
  },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDialog(role: Role, onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CreateTokenDialog memberRole={role} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

const scopeBoxes = () => screen.getAllByRole('checkbox').map((c) => c.getAttribute('aria-checked') + ' ' + c.parentElement?.textContent?.split(':')[0]);
const expiryOptions = () =>
  within(screen.getByLabelText('Expires after'))
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('the create token dialog', () => {
  it('offers a read-only member reading only, and lifetimes that end', () => {
    renderDialog('read');
    expect(scopeBoxes()).toEqual(['true Read prompts']);
    expect(expiryOptions()).toEqual(['30 days', '90 days', '365 days (1 year)']);
    expect(screen.getByText('As a read-only member, your tokens can read prompts but not change them.')).toBeVisible();
  });

  it('offers an editor writing too', () => {
    renderDialog('edit');
    expect(scopeBoxes()).toEqual(['true Read prompts', 'false Write prompts']);
    expect(expiryOptions()).not.toContain('Never');
  });

  it('offers an administrator the admin scope and a token that never expires', () => {
    renderDialog('admin');
    expect(scopeBoxes()).toEqual(['true Read prompts', 'false Write prompts', 'false Administration']);
    expect(expiryOptions()).toContain('Never');
  });

  it('checks the name and the scopes with the shared schema, with its messages', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog('edit');
    await user.click(screen.getByRole('checkbox', { name: /^Read prompts/ }));
    await user.click(screen.getByRole('button', { name: 'Create Token' }));
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(screen.getByText('Choose at least one scope')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the choices, then shows the token once, with Copy, and only Done closes it', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn().mockResolvedValue(json(201, created));
    vi.stubGlobal('fetch', fetch);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onOpenChange = renderDialog('admin');
    await user.type(screen.getByLabelText('Name'), 'Nightly export');
    await user.click(screen.getByRole('checkbox', { name: /^Write prompts/ }));
    await user.selectOptions(screen.getByLabelText('Expires after'), 'Never');
    await user.click(screen.getByRole('button', { name: 'Create Token' }));

    const field = await screen.findByLabelText('Your new token');
    expect(JSON.parse(fetch.mock.calls[0]![1].body)).toEqual({ name: 'Nightly export', scopes: ['prompts:read', 'prompts:write'], expiresInDays: null });
    expect(field).toHaveValue(TOKEN);
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Copy it now: you will not see it again.');
    expect(screen.getByRole('dialog', { name: 'Token created' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    expect(await screen.findByText('The token is on your clipboard.')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says in the dialog why the server refused, and puts a field message under its field', async () => {
    const user = userEvent.setup();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(409, { message: 'You already have 50 API tokens, the most allowed.', code: 'too_many_tokens' }))
      .mockResolvedValueOnce(json(400, { message: 'Invalid input', code: 'validation_failed', errors: { name: 'Name is taken' } }));
    vi.stubGlobal('fetch', fetch);
    renderDialog('edit');
    await user.type(screen.getByLabelText('Name'), 'Script');
    await user.click(screen.getByRole('button', { name: 'Create Token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have 50 API tokens, the most allowed.');
    await user.click(screen.getByRole('button', { name: 'Create Token' }));
    expect(await screen.findByText('Name is taken')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '../../../../shared/schemas/tokens';
import { TokenRow } from './token-row';

const token: ApiToken = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Everything script',
  prefix: 'apd_abc123',
  scopes: ['prompts:read', 'prompts:write', 'admin'],
  createdAt: '2026-01-10T12:00:00.000Z',
  expiresAt: '2026-02-09T12:00:00.000Z',
  lastUsedAt: null,
};

const renderRow = (props: Partial<Parameters<typeof TokenRow>[0]> = {}) =>
  render(
    <ul>
      <TokenRow token={token} ownerRole="admin" onRevoke={() => {}} {...props} />
    </ul>,
  );

describe('a token in the list', () => {
  it('shows its name, prefix, scopes and dates, expired and never used', () => {
    renderRow();
    expect(screen.getByRole('heading', { name: 'Everything script' })).toBeVisible();
    expect(screen.getByText('apd_abc123…')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Scopes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Read prompts', 'Write prompts', 'Administration']);
    expect(screen.getByText('Jan 10, 2026')).toBeVisible();
    expect(screen.getByText('Expired')).toBeVisible();
    expect(screen.getByText('Never used')).toBeVisible();
  });

  it('marks the scopes a read-only owner no longer has as inactive, and says why', () => {
    renderRow({ token: { ...token, expiresAt: null }, ownerRole: 'read' });
    expect(
      within(screen.getByRole('list', { name: 'Scopes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Read prompts', 'Write prompts (inactive)', 'Administration (inactive)']);
    expect(screen.getByText('Your role (Read Only) does not allow Write prompts and Administration: the token keeps only its other rights.')).toBeVisible();
    expect(screen.getByText('Never')).toBeVisible();
  });

  it('names the token on its Revoke button, and shows the owner on the admin screen', async () => {
    const onRevoke = vi.fn();
    renderRow({ ownerRole: 'edit', owner: 'Pat Tester', onRevoke });
    expect(screen.getByText('The owner’s role (Editor) does not allow Administration: the token keeps only its other rights.')).toBeVisible();
    expect(screen.getByText('Pat Tester')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Everything script' }));
    expect(onRevoke).toHaveBeenCalledOnce();
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../../../shared/schemas/auth';
import { createQueryClient } from '../../../lib/query-client';
import { useToasts } from '../../../lib/toast';
import { UserDialog } from './user-dialog';
import { UserList } from './user-list';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const UNITS = ['Legal', 'Ops', 'Sales'].map((name, i) => ({ id: `00000000-0000-4000-8000-00000000000${i + 1}`, name }));
const member: PublicUser = {
  id: '00000000-0000-4000-8000-000000000007',
  email: 'cleo@example.com',
  firstName: 'Cleo',
  lastName: 'Curator',
  businessUnit: 'Ops',
  role: 'edit',
  curatorUnits: ['Sales'],
  mustChangePassword: 'false',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The server's side of the dialog: the units, the member's update and their curator units, which
 * answer `curatorAnswer` (the saved member, or the 400 for a unit that is gone).
 */
function stubServer(curatorAnswer?: () => Response) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
    if (url === '/api/auth/options') return json(200, { sso: null, passwordSignIn: true });
    if (url === '/api/business-units') return json(200, UNITS);
    if (url === `/api/admin/users/${member.id}/curator-units`) {
      const units = (JSON.parse(init.body as string) as { units: string[] }).units;
      return curatorAnswer?.() ?? json(200, { ...member, curatorUnits: units });
    }
    if (url === `/api/admin/users/${member.id}`) return json(200, member);
    if (url === '/api/admin/users') return json(200, []);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

function Toasts() {
  const toasts = useToasts().filter((t) => t.open);
  return (
    <output aria-label="Toasts">
      {toasts.map((t) => (
        <p key={t.id}>
          {t.title} {t.description}
        </p>
      ))}
    </output>
  );
}

function renderDialog(user: PublicUser = member) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UserDialog user={user} currentUserId="me" open onOpenChange={onOpenChange} onCreated={vi.fn()} />
      <Toasts />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

const picker = () => screen.queryByRole('combobox', { name: 'Curator of' });
const chosen = () =>
  within(screen.getByRole('list', { name: 'Curated business units' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('the curator units in the Edit User dialog', () => {
  it('adds a unit from the list and saves the new set, then the member', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    expect(chosen()).toEqual(['Sales']);
    expect(picker()).toHaveAccessibleDescription(/verify and deprecate prompts by these units’ members or shared with these units/);
    await user.type(picker()!, 'leg');
    await user.keyboard('{Enter}');
    expect(chosen()).toEqual(['Sales', 'Legal']);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([`PUT /api/admin/users/${member.id}/curator-units`, `PUT /api/admin/users/${member.id}`]);
    expect(sent[0]!.body).toEqual({ units: ['Sales', 'Legal'] });
    expect(screen.getByRole('status', { name: 'Toasts', hidden: true })).toHaveTextContent('User updated successfully');
  });

  it('leaves the curator units alone when the set is unchanged, whatever the order', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog({ ...member, curatorUnits: ['Legal', 'Sales'] });
    await user.click(screen.getByRole('button', { name: 'Stop curating Legal' }));
    await user.type(picker()!, 'legal');
    await user.keyboard('{Enter}');
    expect(chosen()).toEqual(['Sales', 'Legal']);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent.map((s) => s.url)).toEqual([`/api/admin/users/${member.id}`]);
  });

  it('ends the curation when the last unit is removed', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Stop curating Sales' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.body).toEqual({ units: [] });
  });

  it('shows the server’s refusal under the field, keeps the dialog open and saves nothing else', async () => {
    const sent = stubServer(() => json(400, { message: 'Unknown business unit: Legal', code: 'validation_error' }));
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await user.type(picker()!, 'legal');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown business unit: Legal');
    expect(picker()).toHaveFocus();
    expect(picker()).toHaveAccessibleDescription(/Unknown business unit: Legal/);
    expect(sent.map((s) => s.url)).toEqual([`/api/admin/users/${member.id}/curator-units`]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('offers no picker for an administrator, nor once the role is set to Admin', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Stop curating Sales' }));
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    expect(picker()).toBeNull();
    expect(screen.getByText('Administrators curate every unit.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    // Only the member's own update: an admin's curator units are not theirs to need.
    expect(sent.map((s) => s.url)).toEqual([`/api/admin/users/${member.id}`]);
  });

  it('is not offered when creating a member', async () => {
    stubServer();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <UserDialog user={null} currentUserId="me" open onOpenChange={vi.fn()} onCreated={vi.fn()} />
      </QueryClientProvider>,
    );
    await screen.findByRole('dialog', { name: 'Create User' });
    expect(picker()).toBeNull();
    expect(screen.queryByText('Curator of')).toBeNull();
  });
});

describe('the curator units in the users list', () => {
  const curator = { ...member, curatorUnits: ['Legal', 'Sales'], promptCount: 2 };
  const admin = { ...member, id: 'a', email: 'ada@example.com', role: 'admin' as const, curatorUnits: ['Legal'], promptCount: 0 };
  const plain = { ...member, id: 'p', email: 'pat@example.com', curatorUnits: [], promptCount: 0 };

  // The table from 768 px, cards below: each names the units.
  it.each([
    ['table', true],
    ['cards', false],
  ])('names the units a member curates in the %s, whole in the title, and nothing for admins or non-curators', (_layout, wide) => {
    vi.stubGlobal('matchMedia', () => ({ matches: wide, addEventListener: () => undefined, removeEventListener: () => undefined }));
    render(<UserList users={[curator, admin, plain]} currentUserId="me" onEdit={vi.fn()} onDelete={vi.fn()} />);
    const lines = screen.getAllByText('Curates:').map((label) => label.parentElement!);
    // The table has a line under the unit column and one for when that column is hidden.
    expect(lines).toHaveLength(wide ? 2 : 1);
    for (const line of lines) {
      expect(line).toHaveTextContent('Curates: Legal, Sales');
      expect(line).toHaveAttribute('title', 'Curates Legal, Sales');
    }
  });
});

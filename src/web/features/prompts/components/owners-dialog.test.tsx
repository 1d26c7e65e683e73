import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PromptOwners, PromptPerson } from '../../../../shared/schemas/owners';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { OwnersDialog } from './owners-dialog';
import type { OwnedKind } from './owners-transfer-section';

const person = (n: number, firstName: string, lastName: string, businessUnit: string): PromptPerson => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
  businessUnit,
  role: 'edit',
});
const eve = person(1, 'Eve', 'Editor', 'Legal');
const otto = person(2, 'Otto', 'Other', 'Sales');
const cora = person(3, 'Cora', 'Colleague', 'Support');
const carl = person(4, 'Carl', 'Cooper', 'Finance');
const WRITERS = [carl, cora, eve, otto];
const PROMPT = { id: '00000000-0000-4000-8000-0000000000aa', title: 'Contract review', visibility: 'private' as const, units: [] };

// jsdom has no ResizeObserver; the checkboxes measure themselves with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server as the dialog meets it: the member search, and the save answered by `onSave`. */
function stubServer(onSave: (body: { ownerId: string; coOwnerIds: string[] }) => Response) {
  const sent: Array<{ ownerId: string; coOwnerIds: string[] }> = [];
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      if (pathname === '/api/prompt-writers') {
        const q = (searchParams.get('search') ?? '').toLowerCase();
        searches.push(q);
        return json(200, { items: WRITERS.filter((p) => `${p.firstName} ${p.lastName} ${p.email}`.toLowerCase().includes(q)) });
      }
      if ((pathname === `/api/prompts/${PROMPT.id}/owners` || pathname === `/api/collections/${PROMPT.id}/owners`) && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { ownerId: string; coOwnerIds: string[] };
        sent.push(body);
        return onSave(body);
      }
      return json(404, { message: 'Not found', code: 'not_found' });
    }),
  );
  return { sent, searches };
}

const answer = (ownerId: string, coOwnerIds: string[]): Response =>
  json(200, {
    owner: WRITERS.find((p) => p.id === ownerId),
    coOwners: coOwnerIds.map((id) => WRITERS.find((p) => p.id === id)),
    canChangeCoOwners: true,
    canTransfer: true,
  });

function renderDialog(owners: PromptOwners, viewer: PromptPerson = eve, kind: OwnedKind = 'prompt') {
  const client = createQueryClient();
  client.setQueryData(queryKeys.currentUser, { ...viewer, mustChangePassword: false });
  const onClose = vi.fn();
  const onLostAccess = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <OwnersDialog
        subject={PROMPT}
        kind={kind}
        owners={owners}
        save={(input) => apiRequest<PromptOwners>('PUT', `/api/${kind}s/${PROMPT.id}/owners`, input)}
        saving={false}
        onClose={onClose}
        onLostAccess={onLostAccess}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onClose, onLostAccess };
}

const ownedByEve = (coOwners: PromptPerson[] = [otto]): PromptOwners => ({ owner: eve, coOwners, canChangeCoOwners: true, canTransfer: true });
const coOwnerNames = () =>
  within(screen.getByRole('list', { name: 'Co-owners' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('the Manage owners dialog', () => {
  it('adds a co-owner found by name (people already listed are not offered), removes one, and saves both', async () => {
    const { sent } = stubServer((body) => answer(body.ownerId, body.coOwnerIds));
    const user = userEvent.setup();
    const { onClose } = renderDialog(ownedByEve());
    expect(coOwnerNames()).toEqual(['Otto Other']);
    const picker = screen.getByRole('combobox', { name: 'Add co-owner' });
    // The search is where the dialog opens: adding someone is what it is for.
    expect(picker).toHaveFocus();
    await user.type(picker, 'co');
    // Both match; the first is highlighted, so Enter would take Carl. Typing on narrows to Cora.
    expect(await screen.findByRole('option', { name: /Carl Cooper/ })).toBeVisible();
    await user.type(picker, 'ra');
    const option = await screen.findByRole('option', { name: /Cora Colleague/ });
    // Name, email and unit, since two members may share a name.
    expect(option).toHaveTextContent('cora@example.com · Support');
    // Eve owns it and Otto already co-owns it: neither is offered.
    expect(screen.queryByRole('option', { name: /Eve Editor/ })).toBeNull();
    await user.keyboard('{Enter}');
    expect(coOwnerNames()).toEqual(['Otto Other', 'Cora Colleague']);
    expect(picker).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove Otto Other' }));
    expect(coOwnerNames()).toEqual(['Cora Colleague']);
    // The removed row's button is gone: the focus moves to the next one rather than to the page.
    expect(screen.getByRole('button', { name: 'Remove Cora Colleague' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ ownerId: eve.id, coOwnerIds: [cora.id] }]);
    expect(await screen.findByText('Co-owners saved')).toBeInTheDocument();
  });

  it('transfers ownership after a confirmation, keeping the old owner as a co-owner unless unticked', async () => {
    const { sent } = stubServer((body) => answer(body.ownerId, body.coOwnerIds));
    const user = userEvent.setup();
    const { onClose, onLostAccess } = renderDialog(ownedByEve());
    await user.type(screen.getByRole('combobox', { name: 'New owner' }), 'otto');
    await user.click(await screen.findByRole('option', { name: /Otto Other/ }));
    const keep = screen.getByRole('checkbox', { name: 'Keep me as a co-owner' });
    expect(keep).toBeChecked();
    // The picker made way for the choice: the focus is on what follows it.
    await waitFor(() => expect(keep).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Transfer ownership?' });
    expect(confirm).toHaveTextContent('“Contract review” will belong to Otto Other.');
    expect(confirm).toHaveTextContent('You will stay a co-owner and can still edit it.');
    expect(sent).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Otto was a co-owner: as the owner he leaves that list, and Eve joins it.
    expect(sent).toEqual([{ ownerId: otto.id, coOwnerIds: [eve.id] }]);
    expect(await screen.findByText('Ownership transferred to Otto Other')).toBeInTheDocument();
    expect(onLostAccess).not.toHaveBeenCalled();
  });

  it('says a private prompt given away without keeping a seat is gone from the giver, and leaves the page', async () => {
    const { sent } = stubServer((body) => answer(body.ownerId, body.coOwnerIds));
    const user = userEvent.setup();
    const { onLostAccess } = renderDialog(ownedByEve([]));
    await user.type(screen.getByRole('combobox', { name: 'New owner' }), 'carl');
    await user.click(await screen.findByRole('option', { name: /Carl Cooper/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Keep me as a co-owner' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Transfer ownership?' });
    expect(confirm).toHaveTextContent('You will no longer own or co-own it, and can no longer edit it.');
    await user.click(within(confirm).getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() => expect(onLostAccess).toHaveBeenCalled());
    expect(sent).toEqual([{ ownerId: carl.id, coOwnerIds: [] }]);
  });

  it('shows the server’s refusals beside the control they are about, and keeps the dialog open', async () => {
    stubServer((body) =>
      body.ownerId !== eve.id
        ? json(409, { message: 'The new owner already has a prompt with this title', code: 'duplicate_title' })
        : json(400, {
            message: 'Read-only members cannot own or co-own prompts',
            code: 'validation_failed',
            errors: { coOwnerIds: 'Read-only members cannot own or co-own prompts' },
          }),
    );
    const user = userEvent.setup();
    const { onClose } = renderDialog(ownedByEve([]));
    await user.type(screen.getByRole('combobox', { name: 'Add co-owner' }), 'cora');
    await user.click(await screen.findByRole('option', { name: /Cora Colleague/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const picker = screen.getByRole('combobox', { name: 'Add co-owner' });
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'));
    expect(picker).toHaveAccessibleDescription(/Read-only members cannot own or co-own prompts/);

    await user.type(screen.getByRole('combobox', { name: 'New owner' }), 'carl');
    await user.click(await screen.findByRole('option', { name: /Carl Cooper/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Transfer ownership' }));
    const section = screen.getByRole('region', { name: 'Transfer ownership' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('The new owner already has a prompt with this title');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers no transfer to a co-owner', async () => {
    stubServer(() => json(500, {}));
    renderDialog({ owner: eve, coOwners: [otto], canChangeCoOwners: true, canTransfer: false }, otto);
    expect(screen.getByRole('combobox', { name: 'Add co-owner' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'New owner' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Transfer ownership' })).toBeNull();
  });

  it('lets an administrator keep the old owner by name', async () => {
    stubServer((body) => answer(body.ownerId, body.coOwnerIds));
    const user = userEvent.setup();
    renderDialog(ownedByEve([]), { ...carl, role: 'admin' });
    await user.type(screen.getByRole('combobox', { name: 'New owner' }), 'cora');
    await user.click(await screen.findByRole('option', { name: /Cora Colleague/ }));
    expect(screen.getByRole('checkbox', { name: 'Keep Eve Editor as a co-owner' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Keep current owner' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'New owner' })).toHaveFocus());
  });

  it('speaks of a collection when it manages one, and shows a name the new owner already uses beside the transfer', async () => {
    const { sent } = stubServer(() => json(409, { message: 'The new owner already has a collection named “Contract review”', code: 'collection_name_taken' }));
    const user = userEvent.setup();
    const { onClose } = renderDialog(ownedByEve([]), eve, 'collection');
    expect(screen.getByText(/Co-owners can edit this collection, change who sees it/)).toBeVisible();
    expect(screen.getByText(/The new owner can edit the collection/)).toBeVisible();
    await user.type(screen.getByRole('combobox', { name: 'New owner' }), 'otto');
    await user.click(await screen.findByRole('option', { name: /Otto Other/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Transfer ownership' }));
    const section = screen.getByRole('region', { name: 'Transfer ownership' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('The new owner already has a collection named “Contract review”');
    expect(sent).toEqual([{ ownerId: otto.id, coOwnerIds: [eve.id] }]);
    expect(onClose).not.toHaveBeenCalled();
  });
});

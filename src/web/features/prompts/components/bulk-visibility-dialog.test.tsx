import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISIBILITY_MESSAGES } from '../../../../shared/visibility';
import { queryKeys } from '../../../lib/query-keys';
import { useToasts } from '../../../lib/toast';
import { BulkVisibilityDialog, CHOOSE_VISIBILITY_MESSAGE } from './bulk-visibility-dialog';

const UNITS = ['Engineering', 'HR', 'Legal'].map((name, i) => ({ id: String(i), name }));
const IDS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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

function renderDialog() {
  // The business units are in the cache already; a query reads only that (no request leaves the test).
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, queryFn: ({ queryKey }) => client.getQueryData(queryKey) ?? null } },
  });
  client.setQueryData(queryKeys.businessUnits, UNITS);
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <BulkVisibilityDialog count={2} target={{ ids: IDS }} defaultUnit="Engineering" onClose={onClose} onDone={onDone} />
      <Toasts />
    </QueryClientProvider>,
  );
  return { onDone, onClose };
}

const confirm = () => screen.getByRole('button', { name: 'Change visibility of 2 prompts' });
const picker = () => screen.queryByRole('combobox', { name: 'Business units' });
const sentBody = (fetch: ReturnType<typeof vi.fn>) => JSON.parse(fetch.mock.calls[0]![1].body as string) as unknown;

afterEach(() => vi.unstubAllGlobals());

describe('the bulk "Change visibility" dialog', () => {
  it('offers the form’s three choices with the focus on the first, and asks for one before sending', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Change visibility' });
    const group = within(dialog).getByRole('group', { name: 'Who can see this' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Only me and co-owners', 'Business units', 'Everyone in the organization']);
    expect(within(group).getByRole('radio', { name: 'Only me and co-owners' })).toHaveFocus();
    await user.click(confirm());
    expect(await screen.findByRole('alert')).toHaveTextContent(CHOOSE_VISIBILITY_MESSAGE);
    expect(group).toHaveAccessibleDescription(CHOOSE_VISIBILITY_MESSAGE);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses business units with none chosen, with the shared message under the picker', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Business units' }));
    // The member's own unit comes first, as in the form.
    await user.click(screen.getByRole('button', { name: 'Remove business unit Engineering' }));
    await user.click(confirm());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(VISIBILITY_MESSAGES.noUnits);
    expect(picker()).toHaveAttribute('aria-invalid', 'true');
    expect(picker()!.getAttribute('aria-describedby')).toContain(alert.id);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the selection, the visibility and the units, then says what changed', async () => {
    const user = userEvent.setup();
    const fetch = vi
      .fn()
      .mockResolvedValue(
        json(200, { action: 'changeVisibility', matched: 2, changed: 1, message: 'Changed who can see 1 prompt to Units: Engineering, Legal' }),
      );
    vi.stubGlobal('fetch', fetch);
    const { onDone } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Business units' }));
    await user.type(picker()!, 'Leg');
    await user.click(await screen.findByRole('option', { name: 'Legal' }));
    await user.click(confirm());
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fetch.mock.calls[0]![0]).toBe('/api/prompts/bulk');
    expect(sentBody(fetch)).toEqual({ ids: IDS, action: 'changeVisibility', value: 'units', units: ['Engineering', 'Legal'] });
    // The dialog hides the rest of the page from assistive technology while open (the test keeps it open).
    expect(screen.getByRole('status', { name: 'Toasts', hidden: true })).toHaveTextContent(
      'Changed who can see 1 prompt to Units: Engineering, Legal 1 prompt was visible that way already.',
    );
  });

  it('sends no units beside another choice', async () => {
    const user = userEvent.setup();
    const fetch = vi
      .fn()
      .mockResolvedValue(json(200, { action: 'changeVisibility', matched: 2, changed: 2, message: 'Changed who can see 2 prompts to Private' }));
    vi.stubGlobal('fetch', fetch);
    const { onDone } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Business units' }));
    await user.click(screen.getByRole('radio', { name: 'Only me and co-owners' }));
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sentBody(fetch)).toEqual({ ids: IDS, action: 'changeVisibility', value: 'private' });
  });

  it('shows the server’s word: on the units under the picker, a refusal of the whole selection in the dialog', async () => {
    const user = userEvent.setup();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        json(400, { message: 'Unknown business unit: Engineering', code: 'validation_failed', errors: { units: 'Unknown business unit: Engineering' } }),
      )
      .mockResolvedValueOnce(json(403, { message: 'You can only change your own prompts: 1 prompt of the selection belongs to others', code: 'forbidden' }));
    vi.stubGlobal('fetch', fetch);
    const { onDone } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Business units' }));
    await user.click(confirm());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unknown business unit: Engineering');
    expect(picker()!.getAttribute('aria-describedby')).toContain(alert.id);

    await user.click(screen.getByRole('radio', { name: 'Everyone in the organization' }));
    await user.click(confirm());
    expect(await screen.findByText('You can only change your own prompts: 1 prompt of the selection belongs to others')).toBeVisible();
    expect(onDone).not.toHaveBeenCalled();
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPasswordHashCostForTests } from '../../../../server/lib/crypto';
import { inboxItems } from '../../../../server/db/schema';
import type { InboxType } from '../../../../shared/schemas/inbox';
import { createTestApp, type TestApp, type TestUser } from '../../../../server/test/test-app';
import { setAuthToken } from '../../../lib/auth-token';
import { createQueryClient } from '../../../lib/query-client';
import { useToasts } from '../../../lib/toast';
import { InboxBell, unreadBadgeText } from './inbox-bell';
import { InboxPage } from './inbox-page';

// The inbox page and the bell against the real server on a real database, over HTTP: the browser's
// relative URLs are sent to it. Items are seeded as rows of the real table, each 10 ms older than the
// one after it, so that "newest first" is not left to ids drawn within one millisecond.

setPasswordHashCostForTests('cheap');
const realFetch = globalThis.fetch;
let t: TestApp;
let base: string;
let admin: TestUser;
let olive: TestUser;
let promptId: string;

/** A fresh member (each test its own inbox), signed in as the browser would be. */
async function member(): Promise<TestUser> {
  const user = await t.register({ firstName: 'Olive', lastName: 'Owner' });
  setAuthToken(user.token);
  return user;
}

let age = 0;
interface Seeded {
  type: InboxType;
  promptId?: string | null;
  actorId?: string | null;
  detail?: string;
}
const send = (to: TestUser, item: Seeded) =>
  t.db.insert(inboxItems).values({ userId: to.user.id, actorId: admin.user.id, promptId, ...item, createdAt: new Date(Date.now() - 30_000 + ++age * 10) });

async function unreadOnServer(who: TestUser): Promise<number> {
  const res = await realFetch(`${base}/api/inbox/unread`, { headers: who.auth });
  return ((await res.json()) as { unread: number }).unread;
}

function Toasts() {
  return (
    <output aria-label="Toasts">
      {useToasts()
        .filter((x) => x.open)
        .map((x) => (
          <p key={x.id}>
            {x.title}: {x.description}
          </p>
        ))}
    </output>
  );
}

function renderInbox(entry = '/inbox') {
  const qc = createQueryClient();
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[entry]}>
        <InboxBell />
        <Routes>
          <Route path="/inbox" element={<InboxPage />} />
          <Route path="/prompts/:id" element={<p>The prompt page</p>} />
          <Route path="/review" element={<p>The review queue</p>} />
          <Route path="/elsewhere" element={<p>Another page</p>} />
        </Routes>
        <Toasts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return qc;
}

const items = () => within(screen.getByRole('list', { name: /inbox items/i })).getAllByRole('listitem');

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.register({ firstName: 'Ada', lastName: 'Admin' });
  olive = await t.register({ firstName: 'Olive', lastName: 'Owner' });
  const res = await realFetch(`${base}/api/prompts`, {
    method: 'POST',
    headers: { ...olive.auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Quarterly report summary',
      content: 'Summarise the quarter',
      aiModels: ['Claude'],
      tags: ['finance'],
      visibility: 'organization',
    }),
  });
  expect(res.status).toBe(201);
  promptId = ((await res.json()) as { id: string }).id;
}, 60_000);

afterAll(() => t.close());

beforeEach(() => {
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(new URL(url, base), init));
});
afterEach(() => vi.unstubAllGlobals());

describe('the inbox page', { timeout: 20_000 }, () => {
  it('says what arrives in the inbox while it is empty', async () => {
    await member();
    renderInbox();
    expect(screen.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    expect(await screen.findByText('Nothing here yet')).toBeVisible();
    expect(screen.getByText(/Suggested edits and feedback on your prompts/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/inbox');
  });

  it('lists items newest first, bold and announced while unread, quoting notes, linking to the prompt', async () => {
    const me = await member();
    await send(me, { type: 'prompt_verified' });
    await send(me, { type: 'feedback_note', detail: 'The second step is unclear.' });
    await send(me, { type: 'suggestion_received', detail: 'Shorter intro' });
    renderInbox();
    await screen.findByText(/Ada Admin suggested an edit/);
    const [suggested, feedback, verified] = items();
    expect(suggested).toHaveTextContent('Unread: Ada Admin suggested an edit to “Quarterly report summary”');
    expect(suggested).toHaveTextContent('“Shorter intro”');
    expect(within(suggested!).getByRole('link')).toHaveAttribute('href', `/prompts/${promptId}?tab=suggestions`);
    expect(feedback).toHaveTextContent('Ada Admin left feedback on “Quarterly report summary”');
    expect(feedback).toHaveTextContent('“The second step is unclear.”');
    expect(within(verified!).getByRole('link', { name: 'Unread: Ada Admin verified “Quarterly report summary”' })).toHaveAttribute(
      'href',
      `/prompts/${promptId}`,
    );
    // A verification quotes nothing.
    expect(verified!.querySelector('blockquote')).toBeNull();
    expect(within(verified!).getByText('just now').tagName).toBe('TIME');
    expect(
      within(verified!)
        .getByText(/Ada Admin verified/)
        .closest('p'),
    ).toHaveClass('font-semibold');
    expect(await screen.findByRole('link', { name: 'Inbox, 3 unread' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Unread (3)' })).toBeVisible();
  });

  it('marks an item read when it is opened, and the bell counts one fewer at once', async () => {
    const u = userEvent.setup();
    const me = await member();
    await send(me, { type: 'prompt_verified' });
    await send(me, { type: 'prompt_deprecated' });
    renderInbox();
    await screen.findByRole('link', { name: 'Inbox, 2 unread' });
    await u.click(screen.getByRole('link', { name: 'Unread: Ada Admin verified “Quarterly report summary”' }));
    expect(await screen.findByText('The prompt page')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Inbox, 1 unread' })).toBeVisible();
    expect(await unreadOnServer(me)).toBe(1);
  });

  it('marks all read, and shows the Unread tab empty', async () => {
    const u = userEvent.setup();
    const me = await member();
    await send(me, { type: 'prompt_verified' });
    await send(me, { type: 'co_owner_added' });
    renderInbox('/inbox?show=unread');
    expect(await screen.findAllByText('Unread:')).toHaveLength(2);
    await u.click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('link', { name: 'Inbox' });
    expect(screen.queryByText('Unread:')).toBeNull();
    expect(await unreadOnServer(me)).toBe(0);
    await u.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(items()).toHaveLength(2));
    await u.click(screen.getByRole('tab', { name: 'Unread' }));
    expect(await screen.findByText('No unread items')).toBeVisible();
    // Nothing left to mark: the button says so but keeps its focus.
    expect(screen.getByRole('button', { name: 'Mark all read' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('offers "Mark read" where there is nothing to open, and keeps the focus in the item', async () => {
    const u = userEvent.setup();
    const me = await member();
    // Olive's prompt is public; an item about a prompt the member cannot see names none and links nowhere.
    await send(me, { type: 'review_due', promptId: null, actorId: null });
    renderInbox();
    const button = await screen.findByRole('button', { name: 'Mark read: A prompt is due for review' });
    expect(screen.queryByRole('link', { name: /due for review/ })).toBeNull();
    await u.click(button);
    await screen.findByRole('link', { name: 'Inbox' });
    expect(screen.queryByRole('button', { name: /Mark read:/ })).toBeNull();
    expect(document.activeElement).toBe(items()[0]!.querySelector('[tabindex="-1"]'));
    expect(await unreadOnServer(me)).toBe(0);
  });

  it('links a new curatorship to the review queue', async () => {
    const me = await member();
    await send(me, { type: 'curator_assigned', promptId: null, detail: 'Engineering' });
    renderInbox();
    expect(await screen.findByRole('link', { name: 'Unread: Ada Admin made you a curator of Engineering' })).toHaveAttribute('href', '/review');
  });

  it('loads more with the cursor', async () => {
    const u = userEvent.setup();
    const me = await member();
    for (let i = 0; i < 51; i++) await send(me, { type: 'favorite_changed' });
    renderInbox();
    await waitFor(() => expect(items()).toHaveLength(50));
    await u.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(51));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Inbox, 51 unread' })).toBeVisible();
  });

  it('saves the email choice, which this server cannot send, so it is shown but not offered', async () => {
    await member();
    renderInbox();
    const select = await screen.findByRole('combobox', { name: 'Email' });
    await waitFor(() => expect(select).toHaveAccessibleDescription('Email is not set up on this server'));
    expect(select).toBeDisabled();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Off', 'For each item', 'Daily digest']);
  });

  it('says when the server cannot be reached, with Retry', async () => {
    await member();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderInbox();
    expect(await screen.findByText("Can't reach the server. Check your connection; we'll retry.", {}, { timeout: 8_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  }, 15_000);
});

describe('the bell', { timeout: 20_000 }, () => {
  it('caps its badge at 99+', () => {
    expect([1, 99, 100, 4000].map(unreadBadgeText)).toEqual(['1', '99', '99+', '99+']);
  });

  it('polls, and asks again when the window regains focus', async () => {
    const me = await member();
    const qc = renderInbox('/elsewhere');
    const bell = await screen.findByRole('link', { name: 'Inbox' });
    // The first answer (none unread) is in, so that the focus asks again rather than joining it.
    await waitFor(() => expect(qc.getQueryData(['/api/inbox/unread'])).toEqual({ unread: 0 }));
    expect(qc.getQueryCache().find({ queryKey: ['/api/inbox/unread'] })?.observers[0]?.options.refetchInterval).toBe(20_000);
    await send(me, { type: 'prompt_verified' });
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(bell).toHaveAccessibleName('Inbox, 1 unread'));
    expect(bell).toHaveTextContent('1');
  });
});

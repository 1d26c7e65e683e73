import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';
import { useBulkRemoveFromCollection } from './bulk-remove-from-collection';

vi.mock('../../../lib/toast', () => ({ toast: vi.fn() }));

const KIT = '00000000-0000-4000-8000-0000000000c1';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const [WELCOME, CHECKLIST, INTRO, FAQ, ELSEWHERE] = [1, 2, 3, 4, 5].map(id);
const TITLES: Record<string, string> = {
  [WELCOME!]: 'Welcome email',
  [CHECKLIST!]: 'First-week checklist',
  [INTRO!]: 'Team introduction',
  [FAQ!]: 'Expense policy FAQ',
};

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The collection as the server holds it (the prompts this member sees, in order), and the calls made. */
function serve(refuse: string[] = []) {
  let order = [WELCOME!, CHECKLIST!, INTRO!, FAQ!];
  const calls: string[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const item = /\/items\/([^/?]+)$/.exec(url)?.[1];
    if (method === 'GET') return Promise.resolve(json(200, { items: order.map((p) => ({ id: p, title: TITLES[p] })), nextCursor: null, total: order.length }));
    calls.push(`${method} ${item ?? ''}${init.body ? String(init.body) : ''}`.trim());
    if (method === 'DELETE' && refuse.includes(item!)) return Promise.resolve(json(403, { message: 'Refused', code: 'forbidden' }));
    if (method === 'DELETE') order = order.filter((p) => p !== item);
    if (method === 'POST') order = [...order, (JSON.parse(String(init.body)) as { promptId: string }).promptId];
    if (method === 'PUT') order = (JSON.parse(String(init.body)) as { promptIds: string[] }).promptIds;
    return Promise.resolve(method === 'DELETE' ? json(204) : json(200, {}));
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, order: () => order };
}

function Harness({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  return useBulkRemoveFromCollection(KIT)({ ids, onDone });
}

function renderButton(ids: string[]) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness ids={ids} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

const lastToast = () => vi.mocked(toast).mock.calls.at(-1)?.[0];

beforeEach(() => vi.mocked(toast).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('the bulk bar’s Remove from the collection', () => {
  it('takes out only the picked prompts still in the collection, ends the selection, and Undo puts them back in their places', async () => {
    const server = serve();
    // The last one was picked but has left the collection meanwhile: it is neither removed nor put back.
    const onDone = renderButton([CHECKLIST!, FAQ!, ELSEWHERE!]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove from the collection' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect([...server.calls].sort()).toEqual([`DELETE ${CHECKLIST}`, `DELETE ${FAQ}`]);
    expect(server.order()).toEqual([WELCOME, INTRO]);
    expect(lastToast()).toMatchObject({ title: 'Removed 2 prompts from the collection', action: { label: 'Undo' } });

    server.calls.length = 0;
    act(() => lastToast()!.action!.onClick());
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Put 2 prompts back' }));
    expect(server.calls).toEqual([
      `POST ${JSON.stringify({ promptId: CHECKLIST })}`,
      `POST ${JSON.stringify({ promptId: FAQ })}`,
      `PUT ${JSON.stringify({ promptIds: [WELCOME, CHECKLIST, INTRO, FAQ] })}`,
    ]);
    expect(server.order()).toEqual([WELCOME, CHECKLIST, INTRO, FAQ]);
  });

  it('says how many could not be removed, and Undo puts back only those that were', async () => {
    const server = serve([FAQ!]);
    const onDone = renderButton([CHECKLIST!, FAQ!]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove from the collection' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(lastToast()).toMatchObject({
      title: 'Removed 1 of 2 prompts from the collection',
      description: '1 prompt could not be removed: try again.',
      variant: 'destructive',
    });
    server.calls.length = 0;
    act(() => lastToast()!.action!.onClick());
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Put “First-week checklist” back' }));
    expect(server.calls[0]).toBe(`POST ${JSON.stringify({ promptId: CHECKLIST })}`);
    expect(server.order()).toEqual([WELCOME, CHECKLIST, INTRO, FAQ]);
  });

  it('keeps the selection when nothing could be removed', async () => {
    serve([CHECKLIST!]);
    const onDone = renderButton([CHECKLIST!]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove from the collection' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', variant: 'destructive' }));
    expect(onDone).not.toHaveBeenCalled();
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollectionList } from '../../../../shared/schemas/collections';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { BulkAddToCollection } from './bulk-add-to-collection';
import { listCalls, manyCollections, pageOf, serveCollections } from './collections-test-server';

const PROMPT_ID = '00000000-0000-4000-8000-0000000000aa';

/** The bulk bar's menu for one picked prompt, with the first page of collections already in the cache. */
function renderBulk(firstPage: CollectionList) {
  const qc = createQueryClient();
  qc.setQueryData([queryKeys.collections[0], { limit: '200' }], firstPage);
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={qc}>
      <BulkAddToCollection target={{ ids: [PROMPT_ID], count: 1, list: ['/api/prompts', {}], onDone }} />
    </QueryClientProvider>,
  );
  return onDone;
}

afterEach(() => vi.unstubAllGlobals());

describe('the bulk bar’s Add to collection', () => {
  it('lists the collections that fit in one page, with no search box', async () => {
    const u = userEvent.setup();
    const all = manyCollections(3, (i) => ({ canEdit: i !== 2 }));
    renderBulk(pageOf(all));
    await u.click(screen.getByRole('button', { name: 'Add to collection' }));
    const menu = await screen.findByRole('menu', { name: 'Add to collection' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Collection 001', 'Collection 003', ' New collection…']);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('finds a collection past the first page by name, and adds the picked prompts to it', async () => {
    const u = userEvent.setup();
    const all = manyCollections(250);
    const fetch = serveCollections(all, { pageSize: 20 });
    const onDone = renderBulk(pageOf(all, { limit: 20 }));
    await u.click(screen.getByRole('button', { name: 'Add to collection' }));
    const menu = await screen.findByRole('menu', { name: 'Add to collection' });
    const box = screen.getByRole('searchbox', { name: 'Find a collection' });
    await vi.waitFor(() => expect(box).toHaveFocus());
    expect(within(menu).queryByRole('menuitem', { name: 'Collection 250' })).toBeNull();

    await u.keyboard('ion 25');
    const last = await within(menu).findByRole('menuitem', { name: 'Collection 250' });
    expect(listCalls(fetch)).toContainEqual({ limit: '200', search: 'ion 25' });
    await u.keyboard('{ArrowDown}');
    expect(last).toHaveFocus();
    await u.keyboard('{Enter}');
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        `/api/collections/${all[249]!.id}/items`,
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ promptId: PROMPT_ID }) }),
      ),
    );
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('says when no collection matches what is typed', async () => {
    const u = userEvent.setup();
    const all = manyCollections(30);
    serveCollections(all, { pageSize: 20 });
    renderBulk(pageOf(all, { limit: 20 }));
    await u.click(screen.getByRole('button', { name: 'Add to collection' }));
    const menu = await screen.findByRole('menu');
    await u.type(screen.getByRole('searchbox', { name: 'Find a collection' }), 'Budget');
    expect(await within(menu).findByText('No collection matches “Budget”.')).toBeVisible();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([' New collection…']);
  });
});

import { Search } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CollectionList } from '../../../../shared/schemas/collections';
import { Input } from '../../../components/ui/input';
import { useDebouncedValue } from '../../../lib/text-input';
import { useLoadMoreWhenVisible } from '../../../lib/use-load-more-when-visible';
import { useCollectionPages } from '../api/list-collections';
import { CollectionNavRow } from './collection-nav-row';

interface Props {
  /** The element id "Show all" controls. */
  id: string;
  /** The first page, already loaded for the short list: the unsearched list starts from it. */
  first: CollectionList;
  firstAt: number;
  onNavigate?: () => void;
}

/**
 * The sidebar's expanded Collections when they are many: "Find a collection" searches the names on the
 * server, and the list loads its next page when its end scrolls into view or "Show more" is pressed
 * (which then takes the focus to the first collection it brought, for those moving by keyboard).
 */
export function CollectionsNavAll({ id, first, firstAt, onNavigate }: Props) {
  const [text, setText] = useState('');
  // Opened by "Show all", just below the list: the box takes the focus, rather than hundreds of links
  // lying between that button and it.
  const boxRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    boxRef.current?.focus();
  }, []);
  const search = useDebouncedValue(text.trim(), 250);
  const list = useCollectionPages(search, { first, firstAt, keepPrevious: true });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  // The rows on screen are an older search's until the new one answers.
  const searching = search !== text.trim() || list.isPlaceholderData;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const loadMore = useCallback(() => fetchNextPage(), [fetchNextPage]);
  // After a failed page, "Show more" asks again: loading by itself would retry without end.
  const sentinel = useLoadMoreWhenVisible(hasNextPage && !searching && !isFetchNextPageError, isFetchingNextPage, loadMore);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const noteId = useId();

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || rows.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('li > a')[from]?.focus();
  }, [rows.length]);

  let note = '';
  if (isFetchNextPageError) note = 'More collections could not be loaded.';
  else if (list.isError) note = 'The collections could not be loaded.';
  else if (searching && search !== '') note = 'Searching…';
  else if (!rows.length && search) note = `No collection matches “${search}”.`;

  return (
    <div id={id} className="space-y-1">
      <div className="relative px-2 pb-0.5">
        <Search className="pointer-events-none absolute top-2 left-4 h-4 w-4 text-slate-400" aria-hidden="true" />
        <Input
          ref={boxRef}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label="Find a collection"
          aria-describedby={note ? noteId : undefined}
          placeholder="Find a collection"
          autoComplete="off"
          spellCheck={false}
          dir="auto"
          className="h-8 pl-8 text-sm"
        />
      </div>
      <p id={noteId} role="status" className={note ? 'px-3 text-xs text-slate-500' : 'sr-only'}>
        {note}
      </p>
      {list.isError && !isFetchNextPageError ? (
        <button type="button" onClick={() => void list.refetch()} className="rounded-md px-3 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100">
          Try again
        </button>
      ) : null}
      <div className={searching ? 'opacity-60' : undefined}>
        <div className="max-h-72 overflow-y-auto">
          <ul ref={listRef} className="space-y-0.5">
            {rows.map((c) => (
              <CollectionNavRow key={c.id} collection={c} onNavigate={onNavigate} />
            ))}
          </ul>
          {hasNextPage ? (
            <div ref={sentinel}>
              <button
                type="button"
                // Not `disabled`: the focus stays on it while the page loads.
                aria-disabled={isFetchingNextPage || searching || undefined}
                onClick={() => {
                  if (searching) return;
                  // A page that scrolling into view started loading: the focus still goes to its first row.
                  focusFrom.current = rows.length;
                  if (isFetchingNextPage) return;
                  void fetchNextPage().then((r) => {
                    if (r.isError) focusFrom.current = null;
                  });
                }}
                className="w-full rounded-md px-3 py-1 text-left text-xs font-medium text-brand-700 hover:bg-slate-100 aria-disabled:cursor-wait aria-disabled:text-slate-500"
              >
                {isFetchingNextPage ? 'Loading more collections…' : 'Show more collections'}
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

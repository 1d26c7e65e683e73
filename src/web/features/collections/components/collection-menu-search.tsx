import type { UseQueryResult } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { Collection, CollectionList } from '../../../../shared/schemas/collections';
import { useDebouncedValue } from '../../../lib/text-input';
import { useCollectionPages } from '../api/list-collections';
import { MenuNote, menuItemClass } from './popover-menu';

/** How long typing must pause before the server is asked. */
const SEARCH_DELAY_MS = 250;

/**
 * What an "Add to collection" menu offers for the text in its search box: without text, the first page
 * (`first`, all there is for most members); with text, the collections whose names hold it, page by
 * page. Only those the member may change are offered. `prompt`: each says whether it holds that prompt.
 */
export function useCollectionChoices(text: string, first: UseQueryResult<CollectionList>, prompt?: string) {
  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const pages = useCollectionPages(search, { prompt, enabled: search !== '', keepPrevious: true });
  const found = search ? pages.data?.pages.flatMap((p) => p.items) : first.data?.items;
  const editable = found?.filter((c) => c.canEdit) ?? [];
  const hasNextPage = Boolean(search && pages.hasNextPage);
  // The choices on screen are for an older text until the debounced search has answered.
  const typing = text.trim() !== search || Boolean(search && pages.isPlaceholderData);
  // A list already on screen stays there when refreshing it fails; only a page asked for is reported.
  const failed = search ? pages.isError && (!found || pages.isFetchNextPageError) : first.isError && !found;

  let note: { text: string; failed?: boolean; loading?: boolean } | null = null;
  if (failed) note = { text: found ? 'More collections could not be loaded.' : 'The collections could not be loaded.', failed: true };
  else if (!found) note = { text: search ? 'Searching…' : 'Loading collections…', loading: !search };
  else if (typing) note = { text: 'Searching…' };
  else if (!editable.length && !hasNextPage) note = { text: search ? `No collection matches “${search}”.` : 'You have no collection to add to yet.' };

  return {
    search,
    editable,
    note,
    typing,
    /** More collections than the first page: the search box shows, and a hint under the first page. */
    many: Boolean(first.data?.nextCursor),
    hasNextPage,
    isFetchingNextPage: pages.isFetchingNextPage,
    fetchNextPage: pages.fetchNextPage,
  };
}

export type CollectionChoices = ReturnType<typeof useCollectionChoices>;

/**
 * The menu's search box, in its header (outside the menu's items), shown only to members with more
 * collections than the first page; a status line tells screen readers what the search found.
 */
export function CollectionMenuSearch({
  text,
  onText,
  first,
  prompt,
}: {
  text: string;
  onText: (text: string) => void;
  first: UseQueryResult<CollectionList>;
  prompt?: string;
}) {
  const choices = useCollectionChoices(text, first, prompt);
  if (!choices.many) return null;
  const found = choices.editable.length;
  let said = choices.note?.text ?? '';
  if (!said && choices.search)
    said = `${found.toLocaleString('en-US')}${choices.hasNextPage ? ' or more' : ''} ${found === 1 ? 'collection' : 'collections'} found.`;
  return (
    <div className="relative px-1 pb-1.5">
      <Search className="pointer-events-none absolute top-2 left-3.5 h-4 w-4 text-slate-400" aria-hidden="true" />
      <input
        data-menu-search=""
        type="search"
        value={text}
        onChange={(e) => onText(e.target.value)}
        aria-label="Find a collection"
        placeholder="Find a collection"
        autoComplete="off"
        spellCheck={false}
        dir="auto"
        className="block h-8 w-full rounded-md border border-slate-300 bg-white pr-2 pl-8 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
      />
      <span role="status" className="sr-only">
        {said}
      </span>
    </div>
  );
}

/**
 * The menu's collections (`children`, one item each) in their group, then what is left to reach: with a
 * search, a "Show more collections" item for its next page, which hands the focus to the first item it
 * brought; without one, a hint that the search box finds those past the first page.
 */
export function CollectionChoiceGroup({ choices, children }: { choices: CollectionChoices; children: ReactNode }) {
  const group = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  const count = choices.editable.length;

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    group.current?.querySelectorAll<HTMLElement>('[data-choice]')[from]?.focus();
  }, [count]);

  return (
    <>
      {choices.note ? (
        <MenuNote failed={choices.note.failed} loading={choices.note.loading}>
          {choices.note.text}
        </MenuNote>
      ) : null}
      {count || choices.hasNextPage ? (
        <div ref={group} role="group" aria-label="Your collections" className={`max-h-64 overflow-y-auto ${choices.typing ? 'opacity-60' : ''}`}>
          {children}
          {choices.hasNextPage ? (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={choices.isFetchingNextPage || undefined}
              className={`${menuItemClass} text-brand-700`}
              onClick={() => {
                if (choices.isFetchingNextPage) return;
                focusFrom.current = count;
                void choices.fetchNextPage().then((r) => {
                  if (r.isError) focusFrom.current = null;
                });
              }}
            >
              {choices.isFetchingNextPage ? 'Loading more collections…' : 'Show more collections'}
            </button>
          ) : null}
        </div>
      ) : null}
      {choices.many && !choices.search && count ? <MenuNote>More collections than these: type a name to find the others.</MenuNote> : null}
    </>
  );
}

/** Attributes that mark a menu item as one collection (the focus goes to the first new one after "Show more"). */
export const choiceProps = (c: Pick<Collection, 'name'>) => ({ 'data-choice': '', title: c.name });

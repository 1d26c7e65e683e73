import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PromptListItem } from '../../../../shared/schemas/prompts';
import { PromptCard } from './prompt-card';
import type { BulkSelection } from './use-bulk-selection';

interface Props {
  items: PromptListItem[];
  search: string;
  hasMore: boolean;
  loadMore: () => void;
  onView: (id: string) => void;
  onUse: (id: string) => void;
  onDelete: (prompt: { id: string; title: string }) => void;
  selection?: BulkSelection;
  rowAction?: (prompt: PromptListItem) => ReactNode;
}

/**
 * All Prompts on a narrow screen: one column of cards, of which only those in view are rendered (each
 * measured, since a card's height depends on its text), with the next page fetched near the end.
 */
export function PromptCardList({ items, search, hasMore, loadMore, onView, onUse, onDelete, selection, rowAction }: Props) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({ count: items.length, estimateSize: () => 210, overscan: 4, scrollMargin, gap: 12 });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && lastIndex >= items.length - 8) loadMore();
  }, [hasMore, lastIndex, items.length, loadMore]);

  return (
    <ul ref={listRef} aria-label="Prompts" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualItems.map((v) => {
        const item = items[v.index]!;
        return (
          <li
            key={item.id}
            data-index={v.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0"
            style={{ transform: `translateY(${v.start - scrollMargin}px)` }}
          >
            <PromptCard
              item={item}
              search={search}
              onView={onView}
              onUse={onUse}
              onDelete={onDelete}
              select={selection?.canPick(item) ? { checked: selection.has(item), onToggle: (range) => selection.toggle(v.index, range) } : undefined}
              extraAction={rowAction?.(item)}
            />
          </li>
        );
      })}
    </ul>
  );
}

import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Pencil, Play, Trash2 } from 'lucide-react';
import { type ReactNode, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { defaultSortOrder, type PromptSort } from '../../../../shared/prompt-rules';
import type { PromptListItem } from '../../../../shared/schemas/prompts';
import { paths } from '../../../lib/paths';
import { cn, formatDate } from '../../../lib/utils';
import { PromptSlotsContext } from '../prompt-slots';
import { FittingChips } from './chips';
import { FavoriteButton } from './favorite-button';
import { Highlight } from './highlight';
import { PreviewLine } from './preview-line';
import { SelectBox } from './select-box';
import type { BulkSelection } from './use-bulk-selection';
import { useRowKeyboard } from './use-row-keyboard';
import { VisibilityBadge } from '../../../components/sharing/visibility-badge';
import { StatusBadge } from '../status/status-badge';

const ROW_HEIGHT = 76;
const GRID = 'grid items-center gap-x-1.5 px-4';
/*
 * The title takes most of the room (at 1366 px beside the sidebar, some 45 characters); the chip
 * columns stay narrow and show the chips that fit whole, with "+N" for the others.
 */
const COLUMNS = 'grid-cols-[minmax(14rem,5fr)_minmax(4.5rem,0.85fr)_minmax(4.5rem,0.85fr)_minmax(6rem,1fr)_minmax(6rem,1fr)_6rem_3rem_6.75rem]';
/** With a first column for the selection boxes (members who may change prompts). */
const COLUMNS_SELECTABLE = 'grid-cols-[1rem_minmax(14rem,5fr)_minmax(4.5rem,0.85fr)_minmax(4.5rem,0.85fr)_minmax(6rem,1fr)_minmax(6rem,1fr)_6rem_3rem_6.75rem]';

export interface SortState {
  sort?: PromptSort;
  order?: 'asc' | 'desc';
}

interface Props {
  items: PromptListItem[];
  search: string;
  sort: SortState;
  orderedBy: PromptSort | 'lastUsedAt' | undefined;
  onSortChange: (s: SortState) => void;
  hasMore: boolean;
  loadMore: () => void;
  onView: (id: string) => void;
  onUse: (id: string) => void;
  onDelete: (prompt: { id: string; title: string }) => void;
  /** Given to members who may change prompts: a first column of selection boxes. */
  selection?: BulkSelection;
  /** One more action of the list's own, after the others (a collection's "Remove"). */
  rowAction?: (prompt: PromptListItem) => ReactNode;
}

function SortHeader({
  label,
  column,
  sort,
  orderedBy,
  onSortChange,
}: { label: string; column: PromptSort } & Pick<Props, 'sort' | 'orderedBy' | 'onSortChange'>) {
  const active = orderedBy === column;
  const order = active ? (sort.order ?? defaultSortOrder(column)) : undefined;
  const next = order === 'asc' ? 'desc' : 'asc';
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <div role="columnheader" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      {/* Inline, not flex: when a narrow column wraps the label, the arrow follows its last word. */}
      <button
        type="button"
        className="rounded text-left uppercase hover:text-slate-900"
        onClick={() => onSortChange({ sort: column, order: active ? next : defaultSortOrder(column) })}
      >
        {label}
        <Icon className={cn('ml-1 inline h-3.5 w-3.5 align-[-0.15em]', active ? 'text-brand-600' : 'text-slate-400')} aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * The prompt table as one continuous list: only the rows in view are rendered, and the next page is
 * fetched as the end comes near, so 100k prompts scroll smoothly.
 */
export function PromptsTable({ items, search, sort, orderedBy, onSortChange, hasMore, loadMore, onView, onUse, onDelete, selection, rowAction }: Props) {
  const { promptAction } = useContext(PromptSlotsContext);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin((bodyRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({ count: items.length, estimateSize: () => ROW_HEIGHT, overscan: 8, scrollMargin });
  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && lastIndex >= items.length - 15) loadMore();
  }, [hasMore, lastIndex, items.length, loadMore]);
  const rows = useRowKeyboard({
    count: items.length,
    renderedIndexes: virtualRows.map((v) => v.index),
    container: bodyRef,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    onOpen: (index) => onView(items[index]!.id),
  });
  const grid = cn(GRID, selection ? COLUMNS_SELECTABLE : COLUMNS);

  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      {/* At its narrowest the table fits beside the sidebar at 1280 px (with a scrollbar); narrower windows scroll it sideways. */}
      <div role="table" aria-label="Prompts" aria-rowcount={items.length + 1} className="min-w-[58rem]">
        <div role="rowgroup">
          <div role="row" className={cn(grid, 'h-11 border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase')}>
            {selection ? (
              <div role="columnheader">
                <SelectBox id="select-loaded" label="Select all loaded" checked={selection.loadedState} onToggle={selection.toggleLoaded} />
              </div>
            ) : null}
            <SortHeader label="Prompt Title" column="title" sort={sort} orderedBy={orderedBy} onSortChange={onSortChange} />
            <SortHeader label="Employee" column="author" sort={sort} orderedBy={orderedBy} onSortChange={onSortChange} />
            <SortHeader label="Business Unit" column="businessUnit" sort={sort} orderedBy={orderedBy} onSortChange={onSortChange} />
            <div role="columnheader">AI Application Used</div>
            <div role="columnheader">Tags</div>
            <SortHeader label="Date Updated" column="updatedAt" sort={sort} orderedBy={orderedBy} onSortChange={onSortChange} />
            <SortHeader label="Uses" column="mostUsed" sort={sort} orderedBy={orderedBy} onSortChange={onSortChange} />
            <div role="columnheader" className="text-right">
              Actions
            </div>
          </div>
        </div>
        <div role="rowgroup" ref={bodyRef} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualRows.map((v) => {
            const p = items[v.index]!;
            return (
              <div
                key={p.id}
                role="row"
                aria-rowindex={v.index + 2}
                data-row-index={v.index}
                tabIndex={rows.tabIndexOf(v.index)}
                onKeyDown={rows.onKeyDown}
                onFocus={rows.onFocus}
                className={cn(
                  grid,
                  'absolute inset-x-0 border-b border-slate-100 text-sm outline-none hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset',
                )}
                style={{ height: ROW_HEIGHT, transform: `translateY(${v.start - scrollMargin}px)` }}
              >
                {selection ? (
                  <div role="cell">
                    {selection.canPick(p) ? (
                      <SelectBox label={`Select ${p.title}`} checked={selection.has(p)} onToggle={(range) => selection.toggle(v.index, range)} />
                    ) : null}
                  </div>
                ) : null}
                <div role="cell" className="flex min-w-0 items-start gap-1">
                  <FavoriteButton prompt={p} className="-ml-1.5" />
                  <div className="min-w-0 flex-1">
                    {/* The title takes what it needs; the badge, after it, gives way first and is cut at 40%. */}
                    <div className="flex min-w-0 items-center gap-2">
                      <button
                        type="button"
                        onClick={() => onView(p.id)}
                        className="block min-w-0 truncate text-left font-medium text-slate-900 hover:text-brand-700"
                        title={p.title}
                        dir="auto"
                      >
                        <Highlight text={p.title} search={search} />
                      </button>
                      <StatusBadge status={p.status} className="shrink-0" />
                      <VisibilityBadge visibility={p.visibility} units={p.units} className="max-w-[40%] shrink-0" />
                    </div>
                    <p className="truncate text-xs text-slate-500" dir="auto">
                      <PreviewLine item={p} search={search} />
                    </p>
                  </div>
                </div>
                <div role="cell" className="truncate text-slate-700" title={`${p.user.firstName} ${p.user.lastName}`}>
                  {p.user.firstName} {p.user.lastName}
                </div>
                <div role="cell" className="truncate text-slate-700" title={p.userBusinessUnit}>
                  {p.userBusinessUnit}
                </div>
                <div role="cell" className="min-w-0 overflow-hidden">
                  <FittingChips values={p.aiModels} tone="blue" />
                </div>
                <div role="cell" className="min-w-0 overflow-hidden">
                  <FittingChips values={p.tags} tone="brand" />
                </div>
                <div role="cell" className="text-slate-600 tabular-nums">
                  {formatDate(p.updatedAt)}
                </div>
                <div role="cell" className="text-slate-600 tabular-nums" title={`Used ${p.useCount.toLocaleString('en-US')} times`}>
                  {p.useCount.toLocaleString('en-US')}
                </div>
                {/* The actions other features add (collections) take a second line: the title keeps its room. */}
                <div role="cell" className="flex flex-col items-end gap-0.5">
                  <div className="flex gap-1">
                    <button
                      type="button"
                      onClick={() => onUse(p.id)}
                      className="rounded-md p-1 text-brand-600 hover:bg-brand-50 hover:text-brand-800"
                      aria-label={`Use prompt ${p.title}`}
                    >
                      <Play className="h-4 w-4" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      onClick={() => onView(p.id)}
                      className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                      aria-label={`View ${p.title}`}
                    >
                      <Eye className="h-4 w-4" aria-hidden="true" />
                    </button>
                    {p.canEdit ? (
                      <>
                        <Link
                          to={paths.editPrompt(p.id)}
                          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                          aria-label={`Edit ${p.title}`}
                        >
                          <Pencil className="h-4 w-4" aria-hidden="true" />
                        </Link>
                        <button
                          type="button"
                          onClick={() => onDelete(p)}
                          className="rounded-md p-1 text-slate-500 hover:bg-red-50 hover:text-red-600"
                          aria-label={`Delete ${p.title}`}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </button>
                      </>
                    ) : null}
                  </div>
                  {promptAction || rowAction ? (
                    <div className="flex gap-1">
                      {promptAction?.(p, 'row')}
                      {rowAction?.(p)}
                    </div>
                  ) : null}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

import { Pencil, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { AdminTag } from '../../../../shared/schemas/tags';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { A_SCREENFUL_EARLY, useLoadMoreWhenVisible } from '../../../lib/use-load-more-when-visible';
import { useWideLayout } from '../../../lib/use-media-query';
import { cn } from '../../../lib/utils';
import { promptCount, tagCount } from './tag-wording';

/**
 * Rows drawn at a time. A few thousand tags would be tens of thousands of elements (a checkbox and two
 * buttons each): more rows are added as the end of the list comes into view, or with "Show more".
 */
export const TAG_PAGE_SIZE = 200;

interface Props {
  tags: readonly AdminTag[];
  selected: ReadonlySet<string>;
  onToggle: (tag: AdminTag, on: boolean) => void;
  onRename: (tag: AdminTag) => void;
  onDelete: (tag: AdminTag) => void;
}

const nameClass = 'font-medium break-words text-slate-900 [overflow-wrap:anywhere]';
const countClass = (n: number) => cn('whitespace-nowrap tabular-nums', n === 0 ? 'text-slate-500' : 'text-slate-700');

/** The checkbox carries its name for screen readers only: the row shows the tag beside it. */
function SelectBox({ tag, selected, onToggle }: { tag: AdminTag } & Pick<Props, 'selected' | 'onToggle'>) {
  return (
    <Checkbox
      className="gap-0"
      label={<span className="sr-only">Select {tag.name}</span>}
      checked={selected.has(tag.id)}
      onCheckedChange={(on) => onToggle(tag, on)}
    />
  );
}

/** Rename and Delete, with words on wide screens and as icons (named for screen readers) on narrow ones. */
function TagActions({ tag, onRename, onDelete, compact }: { tag: AdminTag; compact?: boolean } & Pick<Props, 'onRename' | 'onDelete'>) {
  return (
    <div className="flex shrink-0 justify-end gap-1">
      <Button
        variant="ghost"
        size={compact ? 'icon' : 'sm'}
        aria-label={`Rename ${tag.name}`}
        title={compact ? 'Rename' : undefined}
        onClick={() => onRename(tag)}
      >
        <Pencil className="h-4 w-4" aria-hidden="true" />
        {compact ? null : 'Rename'}
      </Button>
      {/* Red 700, not the usual 600: on a selected row's tint 600 falls short of readable contrast. */}
      <Button
        variant="ghost"
        size={compact ? 'icon' : 'sm'}
        className="text-red-700 hover:bg-red-50"
        aria-label={`Delete ${tag.name}`}
        title={compact ? 'Delete' : undefined}
        onClick={() => onDelete(tag)}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        {compact ? null : 'Delete'}
      </Button>
    </div>
  );
}

function TagsTable({ tags, ...row }: Props) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-12 py-3 pr-2 pl-4">
              <span className="sr-only">Select</span>
            </th>
            <th scope="col" className="px-4 py-3">
              Tag
            </th>
            <th scope="col" className="w-36 px-4 py-3 text-right">
              Prompts
            </th>
            <th scope="col" className="w-48 px-4 py-3 text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tags.map((t) => (
            <tr key={t.id} className={row.selected.has(t.id) ? 'bg-brand-50' : 'hover:bg-slate-50'}>
              <td className="py-2.5 pr-2 pl-4 align-middle">
                <SelectBox tag={t} selected={row.selected} onToggle={row.onToggle} />
              </td>
              <td className={cn('px-4 py-2.5', nameClass)} dir="auto">
                {t.name}
              </td>
              <td className={cn('px-4 py-2.5 text-right', countClass(t.count))}>{promptCount(t.count)}</td>
              <td className="px-4 py-2">
                <TagActions tag={t} onRename={row.onRename} onDelete={row.onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below 768 px each tag is a card: checkbox, name over count, and the actions as icons. */
function TagCards({ tags, ...row }: Props) {
  return (
    <ul aria-label="Tags" className="space-y-2">
      {tags.map((t) => (
        <li key={t.id}>
          <Card className={cn('flex items-center gap-3 py-2 pr-2 pl-4', row.selected.has(t.id) && 'border-brand-200 bg-brand-50')}>
            <SelectBox tag={t} selected={row.selected} onToggle={row.onToggle} />
            <div className="min-w-0 flex-1 py-1">
              <p className={nameClass} dir="auto">
                {t.name}
              </p>
              <p className={cn('text-xs', countClass(t.count))}>{promptCount(t.count)}</p>
            </div>
            <TagActions tag={t} onRename={row.onRename} onDelete={row.onDelete} compact />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * The matching tags, a table on wide screens and cards on narrow ones, drawn a page at a time. Give it
 * a `key` that changes with the search, so a new search starts again from the first page.
 */
export function TagList({ tags, ...row }: Props) {
  const wide = useWideLayout();
  const [limit, setLimit] = useState(TAG_PAGE_SIZE);
  const hasMore = tags.length > limit;
  const showMore = useCallback(() => setLimit((n) => n + TAG_PAGE_SIZE), []);
  const sentinel = useLoadMoreWhenVisible(hasMore, false, showMore, A_SCREENFUL_EARLY);
  const shown = hasMore ? tags.slice(0, limit) : tags;
  return (
    <>
      {wide ? <TagsTable tags={shown} {...row} /> : <TagCards tags={shown} {...row} />}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {hasMore ? (
        <div className="mt-4 flex flex-col items-center gap-2 text-sm text-slate-600">
          <p>
            Showing {limit.toLocaleString('en-US')} of {tagCount(tags.length)}
          </p>
          <Button variant="secondary" onClick={() => setLimit((n) => n + TAG_PAGE_SIZE)}>
            Show more
          </Button>
        </div>
      ) : null}
    </>
  );
}

import { ChevronDown, Plus } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { canCreateCollection } from '../../../../shared/policies/collections';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { useCollections } from '../api/list-collections';
import { CollectionNavRow } from './collection-nav-row';

const CollectionDialog = lazy(() => import('./collection-dialog').then((m) => ({ default: m.CollectionDialog })));
// Only members with many collections need the search and the further pages: the others load none of it.
const CollectionsNavAll = lazy(() => import('./collections-nav-all').then((m) => ({ default: m.CollectionsNavAll })));

/** How many rows show before "Show all": the filters below stay in view with many collections. */
export const COLLAPSED_ROWS = 6;
/** Past this many rows the expanded list is long enough to want a search box. */
export const SEARCH_FROM = 20;

/**
 * The sidebar's Collections: those the member sees, starred first, each a link with its star and its
 * count; "New collection" for members who may make one. Past a few rows the rest wait behind "Show all";
 * a long list, or one longer than the first page, expands into one that searches and loads page by page.
 */
export function CollectionsNav({ onNavigate }: { onNavigate?: () => void }) {
  const { data: user } = useCurrentUser();
  const { data, isError, dataUpdatedAt } = useCollections();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const headingId = useId();
  const items = data?.items ?? [];
  // The list answers no total: with a next page, how many there are is unknown until the last one.
  const more = Boolean(data?.nextCursor);
  const searchable = more || items.length > SEARCH_FROM;
  const canCreate = Boolean(user && canCreateCollection(user));
  const shortList = (rows: typeof items) => (
    <ul id={listId} className={cn('space-y-0.5', expanded && 'max-h-72 overflow-y-auto')}>
      {rows.map((c) => (
        <CollectionNavRow key={c.id} collection={c} onNavigate={onNavigate} />
      ))}
    </ul>
  );

  return (
    <nav aria-labelledby={headingId} className="space-y-1">
      <div className="flex items-center justify-between px-3">
        <h2 id={headingId} className="py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Collections
        </h2>
        {canCreate ? (
          <button
            type="button"
            onClick={() => setCreating(true)}
            className="-mr-1.5 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label="New collection"
            title="New collection"
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {isError ? <p className="px-3 text-xs text-slate-500">The collections could not be loaded.</p> : null}
      {data && !items.length ? (
        <p className="px-3 text-xs text-slate-500">
          {canCreate ? 'Group prompts for a team or a task: make a collection with +.' : 'No collection is shared with you yet.'}
        </p>
      ) : null}
      {expanded && data && searchable ? (
        // The short list stays until the search's code has come.
        <Suspense fallback={shortList(items.slice(0, COLLAPSED_ROWS))}>
          <CollectionsNavAll id={listId} first={data} firstAt={dataUpdatedAt} onNavigate={onNavigate} />
        </Suspense>
      ) : (
        shortList(expanded ? items : items.slice(0, COLLAPSED_ROWS))
      )}
      {items.length > COLLAPSED_ROWS ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
          className="flex w-full items-center gap-1 rounded-md px-3 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100"
        >
          {expanded ? 'Show fewer' : more ? 'Show all' : `Show all ${items.length}`}
          <ChevronDown className={cn('h-3.5 w-3.5 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
        </button>
      ) : null}
      {creating ? (
        <Suspense>
          <CollectionDialog
            onOpenChange={setCreating}
            onSaved={(c) => {
              onNavigate?.();
              void navigate(paths.collection(c.id));
            }}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}

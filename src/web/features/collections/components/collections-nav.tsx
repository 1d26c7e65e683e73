import { ChevronDown, Library, Plus } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { totalOf } from '../../../../shared/plural';
import { canCreateCollection } from '../../../../shared/policies/collections';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { useCollections } from '../api/list-collections';
import { StarButton } from './star-button';

const CollectionDialog = lazy(() => import('./collection-dialog').then((m) => ({ default: m.CollectionDialog })));

/** How many rows show before "Show all": the filters below stay in view with many collections. */
export const COLLAPSED_ROWS = 6;

/**
 * The sidebar's Collections: those the member sees, starred first, each a link with its star and its
 * count; "New collection" for members who may make one. Past a few rows the rest wait behind "Show all".
 */
export function CollectionsNav({ onNavigate }: { onNavigate?: () => void }) {
  const { data: user } = useCurrentUser();
  const { data, isError } = useCollections();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const headingId = useId();
  const items = data?.items ?? [];
  const shown = expanded ? items : items.slice(0, COLLAPSED_ROWS);
  const canCreate = Boolean(user && canCreateCollection(user));

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
      <ul id={listId} className={cn('space-y-0.5', expanded && 'max-h-72 overflow-y-auto')}>
        {shown.map((c) => (
          // The whole row, its star too, shows the page one is on.
          <li
            key={c.id}
            className="flex items-center gap-1 rounded-md pr-1 hover:bg-slate-100 has-[a[aria-current=page]]:bg-brand-50 has-[a[aria-current=page]]:hover:bg-brand-50"
          >
            <NavLink
              to={paths.collection(c.id)}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex min-w-0 flex-1 items-center gap-3 rounded-md py-1.5 pl-3 text-sm font-medium',
                  isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900',
                )
              }
            >
              <Library className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="truncate" dir="auto" title={c.name}>
                {c.name}
              </span>
              <span className="ml-auto text-xs text-slate-400 tabular-nums" aria-hidden="true">
                {c.itemCount}
              </span>
              <span className="sr-only">, {totalOf(c.itemCount, false, 'prompt')}</span>
            </NavLink>
            <StarButton collection={c} />
          </li>
        ))}
      </ul>
      {items.length > COLLAPSED_ROWS ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
          className="flex w-full items-center gap-1 rounded-md px-3 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100"
        >
          {expanded ? 'Show fewer' : `Show all ${items.length}`}
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

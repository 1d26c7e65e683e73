import { Library } from 'lucide-react';
import { NavLink } from 'react-router';
import { totalOf } from '../../../../shared/plural';
import type { Collection } from '../../../../shared/schemas/collections';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { StarButton } from './star-button';

/** One collection in the sidebar: a link with its count, and its star. */
export function CollectionNavRow({ collection: c, onNavigate }: { collection: Collection; onNavigate?: () => void }) {
  return (
    // The whole row, its star too, shows the page one is on.
    <li className="flex items-center gap-1 rounded-md pr-1 hover:bg-slate-100 has-[a[aria-current=page]]:bg-brand-50 has-[a[aria-current=page]]:hover:bg-brand-50">
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
  );
}

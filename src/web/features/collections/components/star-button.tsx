import { Star } from 'lucide-react';
import type { Collection } from '../../../../shared/schemas/collections';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { useStarCollection } from '../api/star-collection';

/**
 * A collection's star, a toggle button (`aria-pressed`): starred collections come first in the sidebar.
 * Alone its name is "Star <name>" in both states; with its words (the page) those words are its name.
 */
export function StarButton({ collection, withLabel = false, className }: { collection: Collection; withLabel?: boolean; className?: string }) {
  const star = useStarCollection();
  const on = collection.isStarred;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={withLabel ? undefined : `Star ${collection.name}`}
      title={on ? 'Starred: shown first' : 'Star: show it first'}
      onClick={() => star.mutate({ id: collection.id, starred: !on })}
      className={cn(
        withLabel
          ? buttonClass('secondary', 'sm')
          : 'inline-flex shrink-0 rounded-md p-1 text-slate-400 transition-colors hover:bg-amber-50 hover:text-amber-500',
        withLabel && on && 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100',
        className,
      )}
    >
      <Star className={cn('h-4 w-4', on && 'fill-amber-400 text-amber-500')} aria-hidden="true" />
      {withLabel ? (on ? 'Starred' : 'Star') : null}
    </button>
  );
}

import { Star } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { useToggleFavorite } from '../api/prompt-usage-queries';

interface Props {
  prompt: { id: string; title: string; isFavorite: boolean };
  /** With its label beside the star (dialog and page), or the star alone (rows and cards). */
  withLabel?: boolean;
  className?: string;
}

/** The star: adds the prompt to the member's favourites, or takes it out. A toggle button (aria-pressed). */
export function FavoriteButton({ prompt, withLabel = false, className }: Props) {
  const toggle = useToggleFavorite();
  const on = prompt.isFavorite;
  const label = on ? 'Remove from favorites' : 'Add to favorites';
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={withLabel ? undefined : `${label}: ${prompt.title}`}
      title={label}
      onClick={(event) => {
        event.stopPropagation();
        toggle.mutate({ id: prompt.id, favorite: !on });
      }}
      className={cn(
        withLabel
          ? buttonClass('secondary', 'sm')
          : 'inline-flex shrink-0 rounded-md p-1.5 text-slate-400 transition-colors hover:bg-amber-50 hover:text-amber-500',
        className,
      )}
    >
      <Star className={cn('h-4 w-4', on && 'fill-amber-400 text-amber-500')} aria-hidden="true" />
      {withLabel ? (on ? 'Favorite' : 'Add to favorites') : null}
    </button>
  );
}

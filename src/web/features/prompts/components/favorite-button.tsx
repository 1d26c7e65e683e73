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

/**
 * The star, a toggle button: `aria-pressed` says whether it is on. Alone (rows, cards) its name stays
 * "Favorite <title>" in both states, the tooltip saying "Favorited" once on; with its words (dialog,
 * page) the name is those words, "Favorite" or "Favorited", so what one reads is what one can say.
 */
export function FavoriteButton({ prompt, withLabel = false, className }: Props) {
  const toggle = useToggleFavorite();
  const on = prompt.isFavorite;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={withLabel ? undefined : `Favorite ${prompt.title}`}
      title={on ? 'Favorited' : 'Add to favorites'}
      onClick={(event) => {
        event.stopPropagation();
        toggle.mutate({ id: prompt.id, favorite: !on });
      }}
      className={cn(
        withLabel
          ? buttonClass('secondary', 'sm')
          : 'inline-flex shrink-0 rounded-md p-1.5 text-slate-400 transition-colors hover:bg-amber-50 hover:text-amber-500',
        withLabel && on && 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100',
        className,
      )}
    >
      <Star className={cn('h-4 w-4', on && 'fill-amber-400 text-amber-500')} aria-hidden="true" />
      {withLabel ? (on ? 'Favorited' : 'Favorite') : null}
    </button>
  );
}

import { Combine, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * What can be done with the checked tags. It shows from the first one checked, saying that a second
 * is needed, so that a single checkbox does not seem to do nothing; Merge… comes with the second.
 * Beside the search box on wide screens; on a phone it floats at the bottom, within thumb's reach and
 * without a sticky toolbar eating the top of a small screen.
 */
export function SelectionBar({ count, onMerge, onClear }: { count: number; onMerge: () => void; onClear: () => void }) {
  return (
    <div
      role="group"
      aria-label="Selected tags"
      className="fixed inset-x-4 bottom-4 z-20 flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 py-1.5 pr-1.5 pl-3 shadow-lg md:static md:rounded-lg md:py-1 md:pr-1 md:shadow-none"
    >
      <span className="mr-auto text-sm font-medium text-brand-800 md:mr-0" aria-live="polite">
        {count.toLocaleString('en-US')} selected
      </span>
      {count >= 2 ? (
        <Button size="sm" onClick={onMerge}>
          <Combine className="h-4 w-4" aria-hidden="true" /> Merge…
        </Button>
      ) : (
        <span className="text-sm text-slate-600">Select another to merge</span>
      )}
      {/* One line on a phone: the short word there, the full name always for screen readers. */}
      <Button size="sm" variant="ghost" onClick={onClear} aria-label="Clear selection">
        <X className="h-4 w-4" aria-hidden="true" /> <span className="md:hidden">Clear</span>
        <span className="hidden md:inline">Clear selection</span>
      </Button>
    </div>
  );
}

import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useFilters } from './filter-context';

const FiltersSheet = lazy(() => import('./filters-sheet').then((m) => ({ default: m.FiltersSheet })));

/**
 * Below 1024 px the sidebar, and its filters, hide behind the menu: this button beside the search box
 * opens the same filter panel in a sheet from the right. It shows how many filters are on.
 */
export function FiltersButton() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing can animate and return focus.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const f = useFilters();
  const { active } = f;
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        className="shrink-0 px-3 lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
        Filters
        {active ? (
          <span className="-mr-1 rounded-full bg-brand-600 px-1.5 text-xs leading-5 font-semibold text-white">
            {active}
            <span className="sr-only"> on</span>
          </span>
        ) : null}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <FiltersSheet open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}

import * as DialogPrimitive from '@radix-ui/react-dialog';
import { SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useFilters } from './filter-context';
import { PromptFilters } from './prompt-filters';

/**
 * Below 1024 px the sidebar, and its filters, hide behind the menu: this button beside the search box
 * opens the same filter panel in a sheet from the right. It shows how many filters are on.
 */
export function FiltersButton() {
  const [open, setOpen] = useState(false);
  const f = useFilters();
  const active = f.businessUnits.length + f.aiModels.length + f.tags.length;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="secondary" className="shrink-0 px-3 lg:hidden">
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters
          {active ? (
            <span className="-mr-1 rounded-full bg-brand-600 px-1.5 text-xs leading-5 font-semibold text-white">
              {active}
              <span className="sr-only"> on</span>
            </span>
          ) : null}
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[90vw] flex-col bg-white shadow-xl">
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <DialogPrimitive.Title className="text-base font-semibold text-slate-900">Filters</DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">Narrow the list by business unit, AI application and tag</DialogPrimitive.Description>
            <DialogPrimitive.Close className="rounded-md p-2 text-slate-500 hover:bg-slate-100" aria-label="Close filters">
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
            <PromptFilters inDrawer />
          </div>
          <div className="shrink-0 border-t border-slate-200 p-4">
            <DialogPrimitive.Close asChild>
              <Button className="w-full">Show results</Button>
            </DialogPrimitive.Close>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

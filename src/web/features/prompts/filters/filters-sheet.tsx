import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { PromptFilters } from './prompt-filters';

/**
 * The filter panel in a sheet from the right, for windows where the sidebar hides behind the menu.
 * Loaded when first opened (filters-button.tsx): the dialog's code is not part of the list's first load.
 * Closing returns focus to the Filters button (`returnFocusTo`): without a Radix trigger the dialog
 * would not know where.
 */
export function FiltersSheet({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[90vw] flex-col bg-white shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <DialogPrimitive.Title className="text-base font-semibold text-slate-900">Filters</DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">Narrow the list by business unit, AI application, tag and visibility</DialogPrimitive.Description>
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

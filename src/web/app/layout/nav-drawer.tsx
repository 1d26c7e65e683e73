import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** Below 1024 px the sidebar opens as a drawer from the left (a modal dialog: focus stays inside). */
export function NavDrawer({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl lg:hidden">
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <DialogPrimitive.Title className="text-base font-semibold text-slate-900">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">Navigation and filters</DialogPrimitive.Description>
            <DialogPrimitive.Close className="rounded-md p-2 text-slate-500 hover:bg-slate-100" aria-label="Close navigation">
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div className="h-[calc(100%-4rem)]">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

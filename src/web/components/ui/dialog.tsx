import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ComponentPropsWithoutRef, type HTMLAttributes, type ReactNode, type RefObject, useEffect, useState } from 'react';
import { cn } from '../../lib/utils';
import { Button } from './button';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps extends Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Non-dismissible dialogs hide the close button and ignore Escape and outside clicks. */
  dismissible?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Centred (the default), or a panel along the right edge that leaves the page it opens over in view. */
  placement?: DialogPlacement;
}

export type DialogPlacement = 'center' | 'side';

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-2xl' };

/**
 * Where focus goes when a dialog closes: back to the control that had it when the dialog opened (a
 * row, a menu's button, a search box). Radix returns focus only to a Dialog.Trigger, and most dialogs
 * here are opened from code; a control that has gone meanwhile (a deleted row) leaves Radix's default.
 */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  return (event) => {
    // Radix asks a moment after the dialog has gone (a timer): focus that someone placed meanwhile (a
    // click, a shortcut into the search box) stays where they put it rather than jumping back.
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && active.isConnected) {
      event.preventDefault();
      return;
    }
    if (!opener?.isConnected) return;
    event.preventDefault();
    opener.focus({ preventScroll: true });
  };
}

/**
 * Puts the focus on the first control matching `selector` inside `ref` when the part of a dialog holding
 * it appears. Radix focuses the first focusable element, the close button, which is rarely where one
 * wants to type; dialogs whose body loads after they open get their focus once it is there.
 */
export function useInitialFocus(ref: RefObject<HTMLElement | null>, selector: string) {
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>(selector)?.focus();
    // Once, when the part appears: later renders must not pull the focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** A centred modal with a focus trap (Radix), a title and an optional description for screen readers. */
export function DialogContent(props: DialogContentProps) {
  // The body mounts when the dialog opens (the portal renders nothing while it is closed), so the
  // control to return focus to is read at that moment.
  return (
    <DialogPrimitive.Portal>
      <DialogBody {...props} />
    </DialogPrimitive.Portal>
  );
}

const PLACEMENTS = {
  center: 'top-1/2 left-1/2 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl',
  side: 'inset-y-0 right-0 h-full w-full sm:w-[min(42rem,calc(100vw-4rem))] sm:rounded-l-xl',
};

function DialogBody({ title, description, dismissible = true, size = 'md', placement = 'center', className, children, ...props }: DialogContentProps) {
  const block = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  const returnFocus = useReturnFocus();
  return (
    <>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 backdrop-blur-[1px]" />
      <DialogPrimitive.Content
        onEscapeKeyDown={block}
        onPointerDownOutside={block}
        onInteractOutside={block}
        onCloseAutoFocus={returnFocus}
        className={cn('fixed z-50 flex flex-col bg-white shadow-2xl', PLACEMENTS[placement], placement === 'center' && widths[size], className)}
        {...props}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 pt-5 pb-4">
          <div className="min-w-0">
            <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-1 text-sm text-slate-500">{description}</DialogPrimitive.Description>
            ) : (
              <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
            )}
          </div>
          {dismissible ? (
            <DialogPrimitive.Close className="-mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          ) : null}
        </div>
        <div className="overflow-y-auto px-6 py-5">{children}</div>
      </DialogPrimitive.Content>
    </>
  );
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

/** Cancel + submit, with the submit label switching to "Saving..." while the save is pending. */
export function FormDialogFooter({ onCancel, pending, submitLabel }: { onCancel: () => void; pending: boolean; submitLabel: string }) {
  return (
    <DialogFooter>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : submitLabel}
      </Button>
    </DialogFooter>
  );
}

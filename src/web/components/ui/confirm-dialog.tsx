import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { buttonClass } from './button';
import { useReturnFocus } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pendingLabel?: string;
  pending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}

/** An alert dialog for actions that cannot be undone; focus starts on Cancel, and returns to the opener. */
export function ConfirmDialog({ open, onOpenChange, ...content }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <ConfirmContent {...content} />
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function ConfirmContent({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  pendingLabel,
  pending,
  destructive = true,
  onConfirm,
  children,
}: Omit<ConfirmDialogProps, 'open' | 'onOpenChange'>) {
  const returnFocus = useReturnFocus();
  return (
    <>
      <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <AlertDialog.Content
        onCloseAutoFocus={returnFocus}
        className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl"
      >
        <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
        <AlertDialog.Description asChild>
          <div className="mt-2 text-sm text-slate-600">{description}</div>
        </AlertDialog.Description>
        {children}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialog.Cancel className={buttonClass('secondary')}>{cancelLabel}</AlertDialog.Cancel>
          <button type="button" className={buttonClass(destructive ? 'destructive' : 'primary')} disabled={pending} onClick={onConfirm}>
            {pending ? (pendingLabel ?? `${confirmLabel}...`) : confirmLabel}
          </button>
        </div>
      </AlertDialog.Content>
    </>
  );
}

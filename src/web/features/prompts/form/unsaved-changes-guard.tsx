import { useEffect } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type HeldNavigation, useNavigationHold } from '../../../lib/navigation-guard';

/**
 * Holds moves to another page, and asks the browser to confirm closing or reloading the tab, while
 * `dirty` is true. `allowLeaving` lifts the hold at once (after a save, before navigating away), because
 * the next render, which would see the form clean, comes too late for that navigation.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const { held, release } = useNavigationHold(dirty);
  return { blocker: held, allowLeaving: release };
}

/** Asks before a held navigation goes ahead; "Keep editing" (or Escape) stays on the form. */
export function LeaveWithoutSavingDialog({ blocker }: { blocker: HeldNavigation }) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description="Your changes to this prompt have not been saved. If you leave now, they will be lost."
      confirmLabel="Leave without saving"
      cancelLabel="Keep editing"
      onConfirm={() => blocker.proceed()}
    />
  );
}

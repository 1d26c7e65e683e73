import { lazy, Suspense } from 'react';
import type { DialogPlacement } from '../../../components/ui/dialog';

const PromptViewDialog = lazy(() => import('./prompt-view-dialog').then((m) => ({ default: m.PromptViewDialog })));

/** The view dialog, loaded when a prompt is first opened: a list page's first load need not carry it. */
export function LazyPromptViewDialog({ id, onClose, placement }: { id: string | null; onClose: () => void; placement?: DialogPlacement }) {
  if (!id) return null;
  return (
    <Suspense>
      <PromptViewDialog id={id} onClose={onClose} placement={placement} />
    </Suspense>
  );
}

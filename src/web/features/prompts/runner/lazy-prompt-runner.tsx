import { Play } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';

const PromptRunnerDialog = lazy(() => import('./prompt-runner-dialog').then((m) => ({ default: m.PromptRunnerDialog })));

/** The runner dialog, loaded when first opened: a list page's first load need not carry it. */
export function LazyPromptRunner({ id, onClose }: { id: string | null; onClose: () => void }) {
  if (!id) return null;
  return (
    <Suspense>
      <PromptRunnerDialog id={id} onClose={onClose} />
    </Suspense>
  );
}

/** A "Use prompt" button that opens the runner for one prompt. */
export function UsePromptButton({ id, title, ...props }: { id: string; title: string } & Omit<ButtonProps, 'onClick' | 'title'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="primary" size="sm" aria-label={`Use prompt ${title}`} {...props} onClick={() => setOpen(true)}>
        <Play className="h-4 w-4" aria-hidden="true" /> Use prompt
      </Button>
      <LazyPromptRunner id={open ? id : null} onClose={() => setOpen(false)} />
    </>
  );
}

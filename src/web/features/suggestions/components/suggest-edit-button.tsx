import { MessageSquarePlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { SuggestablePrompt, TagsControl } from './suggest-edit-dialog';

// The form and its validation load when someone opens it, not with the prompt's page.
const SuggestEditDialog = lazy(() => import('./suggest-edit-dialog').then((m) => ({ default: m.SuggestEditDialog })));

/** "Suggest an edit", for those who may see a prompt but not edit it. */
export function SuggestEditButton({ prompt, TagInput }: { prompt: SuggestablePrompt; TagInput: TagsControl }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <MessageSquarePlus className="h-4 w-4" aria-hidden="true" /> Suggest an edit
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SuggestEditDialog prompt={prompt} TagInput={TagInput} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { usePrompt } from '../api/prompt-queries';
import { PromptLoadError } from '../components/prompt-load-error';
import { PromptRunner } from './prompt-runner';

/** "Use prompt": the runner in a dialog, for a prompt given by id (its content is fetched, or cached). */
export function PromptRunnerDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { data: prompt, isLoading, isError, error, refetch } = usePrompt(id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={prompt ? <span dir="auto">Use “{prompt.title}”</span> : 'Use prompt'}
        description="Fill in the variables; the preview shows what Copy and Open send."
        size="xl"
      >
        {isLoading ? <Spinner /> : null}
        {isError ? <PromptLoadError error={error} onRetry={() => void refetch()} /> : null}
        {prompt ? <PromptRunner prompt={prompt} /> : null}
      </DialogContent>
    </Dialog>
  );
}

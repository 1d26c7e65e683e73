import { toast } from '../../../lib/toast';
import { useDeletePrompt } from '../api/prompt-queries';

/** Delete with the browser confirmation and the toasts. */
export function useConfirmDeletePrompt(onDeleted?: () => void) {
  const del = useDeletePrompt();
  return (id: string) => {
    if (!window.confirm('Are you sure you want to delete this prompt?')) return;
    del.mutate(id, {
      onSuccess: () => {
        toast({ title: 'Prompt deleted successfully!' });
        onDeleted?.();
      },
      onError: () => toast({ title: 'Error', description: 'Failed to delete prompt', variant: 'destructive' }),
    });
  };
}

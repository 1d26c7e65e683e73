import { useState } from 'react';
import type { AdminAiModel } from '../../../../shared/schemas/catalog';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteAiApplication } from '../api/ai-application-admin';
import { ErrorBox } from '../../../components/ui/error-box';

interface Props {
  model: AdminAiModel;
  onOpenChange: (open: boolean) => void;
  /** Offered when the server refuses because prompts name the application (someone used it meanwhile). */
  onMergeInstead: (model: AdminAiModel) => void;
}

/**
 * "Delete AI application?" for one no prompt names. A refusal stays in the dialog beside the button
 * that caused it, with the way forward (merging), rather than in a toast that disappears.
 */
export function DeleteAiApplicationDialog({ model, onOpenChange, onMergeInstead }: Props) {
  const del = useDeleteAiApplication();
  const [refusal, setRefusal] = useState<{ message: string; inUse: boolean } | null>(null);
  const confirm = () =>
    del.mutate(model.id, {
      onSuccess: () => {
        toast({ title: `Deleted “${model.name}”` });
        onOpenChange(false);
      },
      onError: (err) => setRefusal({ message: errorMessage(err, 'Failed to delete the AI application'), inUse: hasErrorCode(err, 'ai_model_in_use') }),
    });
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Delete AI application?"
      confirmLabel="Delete Application"
      pendingLabel="Deleting..."
      pending={del.isPending}
      onConfirm={confirm}
      description={
        <p className="break-words [overflow-wrap:anywhere]">
          Delete <span dir="auto">“{model.name}”</span>? No prompt names it, so no prompt changes.
        </p>
      }
    >
      {refusal ? (
        <ErrorBox
          compact
          className="mt-4"
          action={
            refusal.inUse ? (
              <Button variant="secondary" size="sm" onClick={() => onMergeInstead(model)}>
                Merge instead…
              </Button>
            ) : null
          }
        >
          <p>{refusal.message}</p>
        </ErrorBox>
      ) : null}
    </ConfirmDialog>
  );
}

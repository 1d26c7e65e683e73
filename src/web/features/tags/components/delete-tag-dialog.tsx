import { useState } from 'react';
import type { AdminTag } from '../../../../shared/schemas/tags';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteTag } from '../api/tag-admin';
import { deletedText, promptCount } from './tag-wording';
import { ErrorBox } from '../../../components/ui/error-box';

interface Props {
  tag: AdminTag;
  onOpenChange: (open: boolean) => void;
  /** Offered when the server refuses because the tag is some prompts' only tag. */
  onMergeInstead: (tag: AdminTag) => void;
}

/**
 * "Delete tag?": names the tag and how many prompts lose it. A refusal stays in the dialog beside the
 * button that caused it, with a way forward, rather than in a toast that disappears.
 */
export function DeleteTagDialog({ tag, onOpenChange, onMergeInstead }: Props) {
  const del = useDeleteTag();
  const [refusal, setRefusal] = useState<{ message: string; onlyTag: boolean } | null>(null);

  const confirm = () =>
    del.mutate(tag.id, {
      onSuccess: (result) => {
        toast({ title: deletedText(tag.name, result.prompts) });
        onOpenChange(false);
      },
      onError: (err) => setRefusal({ message: errorMessage(err, 'Failed to delete the tag'), onlyTag: hasErrorCode(err, 'tag_is_only_tag') }),
    });

  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Delete tag?"
      confirmLabel="Delete Tag"
      pendingLabel="Deleting..."
      pending={del.isPending}
      onConfirm={confirm}
      description={
        <p className="break-words [overflow-wrap:anywhere]">
          {tag.count === 0 ? (
            <>
              Delete <span dir="auto">“{tag.name}”</span>? No prompt carries it.
            </>
          ) : (
            <>
              Remove <span dir="auto">“{tag.name}”</span> from {promptCount(tag.count)} and delete it? The prompts themselves stay. This cannot be undone.
            </>
          )}
        </p>
      }
    >
      {refusal ? (
        <ErrorBox
          compact
          className="mt-4"
          action={
            refusal.onlyTag ? (
              <Button variant="secondary" size="sm" onClick={() => onMergeInstead(tag)}>
                Rename or merge instead…
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

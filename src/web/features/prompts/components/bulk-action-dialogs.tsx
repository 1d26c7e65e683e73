import { type FormEvent, useId, useState } from 'react';
import type { BulkAction, BulkActionInput } from '../../../../shared/schemas/bulk';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { useBusinessUnits } from '../../../lib/shared-queries';
import { toast } from '../../../lib/toast';
import { useBulkAction } from '../api/bulk-action';
import { useTags } from '../api/prompt-queries';
import { promptCount, useBulkTrash } from './use-bulk-trash';
import { plural } from '../../../../shared/plural';
import { ErrorBox } from '../../../components/ui/error-box';

interface SharedProps {
  count: number;
  target: Pick<BulkActionInput, 'ids' | 'filter'>;
  onClose: () => void;
  /** After success: the selection is cleared (the lists refresh through the mutation). */
  onDone: () => void;
}

const COPY = {
  moveToBusinessUnit: {
    title: 'Move to business unit',
    field: 'Business unit',
    placeholder: 'Select a business unit',
    missing: 'Choose a business unit',
    describe: (n: string) => `Move ${n} to another business unit.`,
    confirm: (n: string) => `Move ${n}`,
    unchanged: (n: number) => `${promptCount(n)} ${plural(n, 'was', 'were')} in that business unit already.`,
  },
  addTag: {
    title: 'Add a tag',
    field: 'Tag',
    placeholder: 'Choose a tag or type a new one',
    missing: 'Choose or type a tag',
    describe: (n: string) => `Add a tag to ${n}. Those that have it already stay as they are.`,
    confirm: (n: string) => `Add tag to ${n}`,
    unchanged: (n: number) => `${promptCount(n)} had that tag already.`,
  },
  removeTag: {
    title: 'Remove a tag',
    field: 'Tag',
    placeholder: 'Choose a tag',
    missing: 'Choose a tag',
    describe: (n: string) => `Remove a tag from ${n}. Those without it stay as they are.`,
    confirm: (n: string) => `Remove tag from ${n}`,
    unchanged: (n: number) => `${promptCount(n)} did not have that tag.`,
  },
} as const;

/**
 * The dialog of a bulk action that needs a value (a business unit or a tag): a combobox to pick it,
 * and a confirm button naming how many prompts change. The server's refusal shows in the dialog.
 */
export function BulkValueDialog({
  kind,
  count,
  target,
  onClose,
  onDone,
  removable,
}: SharedProps & {
  kind: Exclude<BulkAction, 'trash' | 'changeVisibility'>;
  /** The tags the picked prompts carry (for Remove tag), when known. */ removable?: string[];
}) {
  const copy = COPY[kind];
  const inputId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const run = useBulkAction();
  const units = useBusinessUnits();
  const tags = useTags();
  const known = kind === 'moveToBusinessUnit' ? (units.data ?? []).map((u) => u.name) : kind === 'removeTag' && removable ? removable : (tags.data ?? []);
  // A new tag typed for Add tag is offered alongside the known ones, so the box can show it.
  const options = value && !known.includes(value) ? [...known, value] : known;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      setError(copy.missing);
      return;
    }
    setError('');
    run.mutate(
      { ...target, action: kind, value },
      {
        onSuccess: (result) => {
          const unchanged = result.matched - result.changed;
          // "Added “x” to 0 prompts" alone reads like a failure when every prompt had it already.
          toast({
            title: result.message,
            description: unchanged > 0 ? copy.unchanged(unchanged) : undefined,
          });
          onDone();
        },
        onError: (err) => setError(errorMessage(err, 'The prompts could not be changed. Try again.')),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={copy.title}
        description={copy.describe(promptCount(count))}
        size="sm"
        // Straight to the choice: the close button comes first in the dialog but is not what the person came for.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          document.getElementById(inputId)?.focus();
        }}
      >
        <form onSubmit={submit} noValidate>
          <Combobox
            id={inputId}
            label={copy.field}
            options={options}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError('');
            }}
            onCreate={kind === 'addTag' ? (typed) => setValue(known.find((k) => k.toLowerCase() === typed.toLowerCase()) ?? typed) : undefined}
            createLabel={(typed) => `New tag "${typed}"`}
            placeholder={copy.placeholder}
            emptyText={kind === 'removeTag' ? 'None of the selected prompts has that tag' : 'No matches'}
          />
          {error ? (
            <ErrorBox compact className="mt-3">
              <p>{error}</p>
            </ErrorBox>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={run.isPending}>
              {run.isPending ? 'Saving...' : copy.confirm(promptCount(count))}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Moving a whole filtered list to the trash, after a confirmation naming the count: its ids are not
 * known here, so the toast can offer no Undo (picked rows go at once, with Undo: see useBulkTrash).
 */
export function BulkTrashDialog({ count, target, onClose, onDone }: SharedProps) {
  const bulkTrash = useBulkTrash();
  const [error, setError] = useState('');
  const confirm = () =>
    bulkTrash.trash(target, { onDone, onError: (err) => setError(errorMessage(err, 'The prompts could not be moved to the trash. Try again.')) });

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Move ${promptCount(count)} to the trash?`}
      description="They leave every list, and can be restored one by one from the Trash page until they are deleted for good. There is no Undo for a whole list."
      confirmLabel={`Move ${promptCount(count)} to the trash`}
      pendingLabel="Moving..."
      pending={bulkTrash.pending}
      onConfirm={confirm}
    >
      {error ? (
        <ErrorBox compact className="mt-3">
          <p>{error}</p>
        </ErrorBox>
      ) : null}
    </ConfirmDialog>
  );
}

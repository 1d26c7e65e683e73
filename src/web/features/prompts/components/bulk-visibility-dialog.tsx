import { type FormEvent, useRef, useState } from 'react';
import type { BulkActionInput } from '../../../../shared/schemas/bulk';
import { type Visibility, VISIBILITY_MESSAGES } from '../../../../shared/visibility';
import { plural } from '../../../../shared/plural';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBulkAction } from '../api/bulk-action';
import { VisibilityChoice } from '../../../components/sharing/visibility-choice';
import { promptCount } from './use-bulk-trash';

export const CHOOSE_VISIBILITY_MESSAGE = 'Choose who can see them';

interface Props {
  count: number;
  target: Pick<BulkActionInput, 'ids' | 'filter'>;
  /** Preselected when "Business units" is chosen: the member's own unit, as the server would take. */
  defaultUnit: string;
  onClose: () => void;
  /** After success: the selection is cleared (the lists refresh through the mutation). */
  onDone: () => void;
}

/**
 * "Change visibility" of a selection: the form's three choices and unit picker, and a confirm button
 * naming how many prompts change. The server's refusal (a unit that no longer exists, prompts of
 * others in the selection) shows in the dialog.
 */
export function BulkVisibilityDialog({ count, target, defaultUnit, onClose, onDone }: Props) {
  const [visibility, setVisibility] = useState<Visibility | null>(null);
  const [units, setUnits] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ choice?: string; units?: string; form?: string }>({});
  const firstChoice = useRef<HTMLInputElement>(null);
  const run = useBulkAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!visibility) {
      setErrors({ choice: CHOOSE_VISIBILITY_MESSAGE });
      firstChoice.current?.focus();
      return;
    }
    // The server's rule and words; checked here too so an empty choice costs no round trip. (Not
    // visibilityIssues: its module brings the whole prompt schema, and zod, into this small chunk.)
    const sent = visibility === 'units' ? units : undefined;
    if (sent?.length === 0) {
      setErrors({ units: VISIBILITY_MESSAGES.noUnits });
      return;
    }
    setErrors({});
    run.mutate(
      { ...target, action: 'changeVisibility', value: visibility, ...(sent ? { units: sent } : {}) },
      {
        onSuccess: (result) => {
          const unchanged = result.matched - result.changed;
          toast({
            title: result.message,
            description: unchanged > 0 ? `${promptCount(unchanged)} ${plural(unchanged, 'was', 'were')} visible that way already.` : undefined,
          });
          onDone();
        },
        onError: (err) => {
          const onUnits = err instanceof ApiError ? err.fieldErrors?.units : undefined;
          setErrors(onUnits ? { units: onUnits } : { form: errorMessage(err, 'The prompts could not be changed. Try again.') });
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Change visibility"
        description={`Choose who can see ${promptCount(count)}. Only the visibility changes: no new version is made.`}
        size="md"
        // Straight to the choice: the close button comes first in the dialog but is not what the person came for.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          firstChoice.current?.focus();
        }}
      >
        <form onSubmit={submit} noValidate>
          <VisibilityChoice
            visibility={visibility}
            units={units}
            onVisibilityChange={(next) => {
              setVisibility(next);
              setErrors({});
            }}
            onUnitsChange={(next) => {
              setUnits(next);
              setErrors({});
            }}
            defaultUnit={defaultUnit}
            choiceError={errors.choice}
            unitsError={errors.units}
            choiceRef={firstChoice}
            stacked
          />
          {errors.form ? (
            <ErrorBox compact className="mt-3">
              <p>{errors.form}</p>
            </ErrorBox>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={run.isPending}>
              {run.isPending ? 'Saving...' : `Change visibility of ${promptCount(count)}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useController, type UseFormReturn } from 'react-hook-form';
import type { Visibility } from '../../../../shared/visibility';
import { VisibilityChoice } from '../../../components/sharing/visibility-choice';

/** The two values the field edits, in any form that has them (a prompt's, a collection's). */
export interface VisibilityValues {
  visibility: Visibility;
  units: string[];
}

interface Props<T extends VisibilityValues> {
  form: UseFormReturn<T>;
  /** The unit chosen for the member when they pick "Business units" with none chosen yet: the prompt's owner's. */
  ownerUnit: string;
}

/**
 * The prompt form's "Who can see this", held in the form's state: the server's verdict on the units
 * shows under the picker, and a choice other than business units drops any message on them.
 */
export function VisibilityField<T extends VisibilityValues>({ form: anyForm, ownerUnit }: Props<T>) {
  // react-hook-form cannot name a field of an open form type; these two are known to be there.
  const form = anyForm as unknown as UseFormReturn<VisibilityValues>;
  const { field: visibility } = useController({ control: form.control, name: 'visibility' });
  const { field: units, fieldState } = useController({ control: form.control, name: 'units' });

  const choose = (next: Visibility) => {
    visibility.onChange(next);
    if (next !== 'units') form.clearErrors('units');
  };

  return (
    <VisibilityChoice
      visibility={visibility.value}
      units={units.value}
      onVisibilityChange={choose}
      onUnitsChange={units.onChange}
      defaultUnit={ownerUnit}
      unitsError={fieldState.error?.message}
      choiceRef={visibility.ref}
      onBlur={visibility.onBlur}
    />
  );
}

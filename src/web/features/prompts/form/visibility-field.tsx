import { useController, type UseFormReturn } from 'react-hook-form';
import type { Visibility } from '../../../../shared/visibility';
import type { PromptFormValues } from './use-prompt-form-state';
import { VisibilityChoice } from './visibility-choice';

interface Props {
  form: UseFormReturn<PromptFormValues>;
  /** The unit chosen for the member when they pick "Business units" with none chosen yet: the prompt's owner's. */
  ownerUnit: string;
}

/**
 * The prompt form's "Who can see this", held in the form's state: the server's verdict on the units
 * shows under the picker, and a choice other than business units drops any message on them.
 */
export function VisibilityField({ form, ownerUnit }: Props) {
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

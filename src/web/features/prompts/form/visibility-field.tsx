import { useId } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { VISIBILITIES, VISIBILITY_CHOICE_LABELS, type Visibility } from '../../../../shared/visibility';
import { MultiCombobox } from '../../../components/ui/combobox-multi';
import { FormField } from '../../../components/ui/form-field';
import { useBusinessUnits } from '../../../lib/shared-queries';
import { cn } from '../../../lib/utils';

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
 * "Who can see this": the prompt's visibility as three radio choices and, for business units, which
 * ones. The units are picked from the existing list only (a prompt cannot be shown to a unit that does
 * not exist); the server's verdict on them shows under the picker.
 */
export function VisibilityField<T extends VisibilityValues>({ form: anyForm, ownerUnit }: Props<T>) {
  // react-hook-form cannot name a field of an open form type; these two are known to be there.
  const form = anyForm as unknown as UseFormReturn<VisibilityValues>;
  const name = useId();
  const { field: visibility } = useController({ control: form.control, name: 'visibility' });
  const { field: units, fieldState } = useController({ control: form.control, name: 'units' });
  const { data: known = [] } = useBusinessUnits();
  // A unit the prompt is shown to stays a choice even if the list no longer has it (renamed meanwhile).
  const names = known.map((u) => u.name);
  const options = [...names, ...units.value.filter((u) => !names.includes(u))];

  const choose = (next: Visibility) => {
    visibility.onChange(next);
    if (next !== 'units') form.clearErrors('units');
    else if (units.value.length === 0 && ownerUnit) form.setValue('units', [ownerUnit], { shouldDirty: true });
  };

  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Who can see this</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {VISIBILITIES.map((v) => (
            <label
              key={v}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm',
                visibility.value === v ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
              )}
            >
              <input
                type="radio"
                name={name}
                value={v}
                checked={visibility.value === v}
                onChange={() => choose(v)}
                onBlur={visibility.onBlur}
                ref={v === visibility.value ? visibility.ref : undefined}
                className="shrink-0 accent-brand-600"
              />
              {VISIBILITY_CHOICE_LABELS[v]}
            </label>
          ))}
        </div>
      </fieldset>
      {visibility.value === 'units' ? (
        <FormField label="Business units" required error={fieldState.error?.message}>
          {(control) => (
            <MultiCombobox
              {...control}
              options={options}
              value={units.value}
              onChange={units.onChange}
              placeholder="Choose business units"
              removeLabel={(unit) => `Remove business unit ${unit}`}
              chosenLabel="Selected business units"
              emptyText="No business unit matches"
            />
          )}
        </FormField>
      ) : null}
    </div>
  );
}

import { type Ref, useId } from 'react';
import { VISIBILITIES, VISIBILITY_CHOICE_LABELS, type Visibility } from '../../../shared/visibility';
import { MultiCombobox } from '../ui/combobox-multi';
import { FormField } from '../ui/form-field';
import { useBusinessUnits } from '../../lib/shared-queries';
import { cn } from '../../lib/utils';

export interface VisibilityChoiceProps {
  /** The chosen visibility; none yet when a choice must be made on purpose (a bulk change). */
  visibility: Visibility | null;
  units: string[];
  onVisibilityChange: (next: Visibility) => void;
  onUnitsChange: (next: string[]) => void;
  /** Preselected when "Business units" is chosen with none chosen yet. */
  defaultUnit: string;
  /** A message on the choice itself (none made). */
  choiceError?: string;
  /** A message on the units (none chosen, or the server's word on them), shown under the picker. */
  unitsError?: string;
  /** Stacks the three choices, for a narrow dialog; the form lays them out side by side from `sm` up. */
  stacked?: boolean;
  /** Given to the checked choice (to the first when none is), so a form can focus the group. */
  choiceRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  /** Other words for a choice (a snippet has no co-owners: its private choice is "Only me"). */
  labels?: Partial<Record<Visibility, string>>;
}

/**
 * "Who can see this": three radio choices and, for business units, which ones. The units are picked
 * from the existing list only (a prompt cannot be shown to a unit that does not exist). The prompt form
 * and the bulk "Change visibility" dialog both use it, each keeping the values in its own state.
 */
export function VisibilityChoice({
  visibility,
  units,
  onVisibilityChange,
  onUnitsChange,
  defaultUnit,
  choiceError,
  unitsError,
  stacked,
  choiceRef,
  onBlur,
  labels,
}: VisibilityChoiceProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const { data: known = [] } = useBusinessUnits();
  // A unit the prompt is shown to stays a choice even if the list no longer has it (renamed meanwhile).
  const names = known.map((u) => u.name);
  const options = [...names, ...units.filter((u) => !names.includes(u))];

  const choose = (next: Visibility) => {
    onVisibilityChange(next);
    if (next === 'units' && units.length === 0 && defaultUnit) onUnitsChange([defaultUnit]);
  };

  return (
    <div className="space-y-3">
      <fieldset aria-describedby={choiceError ? errorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Who can see this</legend>
        <div className={cn('grid gap-2', !stacked && 'sm:grid-cols-3')}>
          {VISIBILITIES.map((v, i) => (
            <label
              key={v}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm',
                visibility === v ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
              )}
            >
              <input
                type="radio"
                name={name}
                value={v}
                checked={visibility === v}
                onChange={() => choose(v)}
                onBlur={onBlur}
                ref={v === visibility || (visibility === null && i === 0) ? choiceRef : undefined}
                className="shrink-0 accent-brand-600"
              />
              {labels?.[v] ?? VISIBILITY_CHOICE_LABELS[v]}
            </label>
          ))}
        </div>
        {choiceError ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-600">
            {choiceError}
          </p>
        ) : null}
      </fieldset>
      {visibility === 'units' ? (
        <FormField label="Business units" required error={unitsError}>
          {(control) => (
            <MultiCombobox
              {...control}
              options={options}
              value={units}
              onChange={onUnitsChange}
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

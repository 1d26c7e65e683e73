import type { Role } from '../../../../shared/constants';
import { MultiCombobox } from '../../../components/ui/combobox-multi';
import { FormField } from '../../../components/ui/form-field';
import { useBusinessUnits } from '../../../lib/shared-queries';
import { cn } from '../../../lib/utils';

/**
 * Whether two lists name the same units. The server keeps each unit's own spelling, sorted, so an
 * order or case the picker happens to produce is no change worth a request.
 */
export function sameUnits(a: readonly string[], b: readonly string[]): boolean {
  const key = (units: readonly string[]) => [...new Set(units.map((u) => u.toLowerCase()))].sort().join('\n');
  return key(a) === key(b);
}

/**
 * "Curates: Legal, Sales" under a member's unit, cut to two lines (the unit column is narrow) with the
 * whole list in its title.
 * Admins curate everywhere, so units stored for one (from before a promotion) would only mislead.
 */
export function CuratesLine({ user, className }: { user: { role: Role; curatorUnits: string[] }; className?: string }) {
  if (user.role === 'admin' || user.curatorUnits.length === 0) return null;
  const list = user.curatorUnits.join(', ');
  return (
    <p className={cn('line-clamp-2 text-xs break-words text-slate-500', className)} title={`Curates ${list}`}>
      <span className="font-medium text-slate-600">Curates:</span> {list}
    </p>
  );
}

interface FieldProps {
  /** The input's id, so the dialog can move the focus to it when the server refuses the units. */
  id: string;
  /** The role chosen in the dialog: an admin curates every unit, and is offered no picker. */
  role: Role;
  value: string[];
  onChange: (units: string[]) => void;
  error?: string;
}

/** "Curator of": which business units' prompts the member verifies and deprecates. */
export function CuratorUnitsField({ id, role, value, onChange, error }: FieldProps) {
  const { data: known = [] } = useBusinessUnits();
  if (role === 'admin') {
    return (
      <div>
        <p className="text-sm font-medium text-slate-800">Curator of</p>
        <p className="mt-1 text-sm text-slate-500">Administrators curate every unit.</p>
      </div>
    );
  }
  // A curated unit the list no longer has (deleted meanwhile) stays a chip the admin can remove.
  const names = known.map((u) => u.name);
  const options = [...names, ...value.filter((u) => !names.includes(u))];
  return (
    <FormField
      id={id}
      label="Curator of"
      error={error}
      hint="They verify and deprecate prompts by these units’ members or shared with these units. It shows them no more prompts."
    >
      {(control) => (
        <MultiCombobox
          {...control}
          options={options}
          value={value}
          onChange={onChange}
          placeholder="Choose business units"
          removeLabel={(unit) => `Stop curating ${unit}`}
          chosenLabel="Curated business units"
          emptyText="No business unit matches"
        />
      )}
    </FormField>
  );
}

import { Combobox } from '../../../components/ui/combobox';
import type { ControlProps } from '../../../components/ui/form-field';
import type { ErrorCode } from '../../../../shared/error-codes';
import { ApiError } from '../../../lib/api-client';
import { useBusinessUnits } from '../../../lib/shared-queries';
import { toast } from '../../../lib/toast';
import { useAddBusinessUnit } from '../api/prompt-queries';

interface Props extends Partial<ControlProps> {
  value: string;
  onChange: (v: string) => void;
  placeholder?: string | null;
}

const UNIT_EXISTS: ErrorCode = 'business_unit_exists';

/**
 * The prompt's business unit, chosen from the list or added from the form. A name the list already holds
 * (in any case) is offered as that unit instead of being added again.
 */
export function BusinessUnitField({ id, value, onChange, placeholder, ...aria }: Props) {
  const unitsQuery = useBusinessUnits();
  const add = useAddBusinessUnit();
  const names = (unitsQuery.data ?? []).map((u) => u.name);
  const options = value && !names.includes(value) ? [...names, value] : names;

  /** Someone added the unit since the list was loaded: select it with its stored spelling. */
  const selectAfterConflict = async (name: string) => {
    const { data: fresh = [] } = await unitsQuery.refetch();
    const existing = fresh.find((u) => u.name.toLowerCase() === name.toLowerCase());
    if (existing) {
      onChange(existing.name);
      toast({ title: 'Business unit already exists. Selected existing unit.' });
    } else {
      toast({ title: 'Error', description: 'Business unit name already exists', variant: 'destructive' });
    }
  };

  const create = (name: string) =>
    add.mutate(name, {
      onSuccess: (unit) => {
        toast({ title: 'Business unit added successfully!' });
        onChange(unit.name);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === UNIT_EXISTS) void selectAfterConflict(name);
        else if (err instanceof ApiError && err.status === 400)
          toast({ title: 'Error', description: 'Please enter a valid business unit name', variant: 'destructive' });
        else toast({ title: 'Error', description: 'Failed to add business unit', variant: 'destructive' });
      },
    });

  return (
    <Combobox
      id={id}
      {...aria}
      options={options}
      value={value}
      onChange={onChange}
      onCreate={create}
      creating={add.isPending}
      placeholder={placeholder ?? 'Select a business unit'}
    />
  );
}

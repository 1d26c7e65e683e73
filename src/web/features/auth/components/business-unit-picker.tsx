import { useMemo, useState } from 'react';
import { Combobox } from '../../../components/ui/combobox';
import type { ControlProps } from '../../../components/ui/form-field';
import { useBusinessUnits } from '../../../lib/shared-queries';
import { chooseBusinessUnit, type UnitOption } from '../business-unit-choice';

interface Props extends Partial<ControlProps> {
  value: string;
  onChange: (name: string) => void;
}

const ADD_NEW = { label: 'Add new business unit...', placeholder: 'New business unit name' };

/**
 * Pick a unit from the list, or add one through "Add new business unit..." or by typing a new name; a new
 * unit is held here under a temporary id until the account is saved.
 */
export function BusinessUnitPicker({ id, value, onChange, ...aria }: Props) {
  const { data: stored = [] } = useBusinessUnits();
  const [local, setLocal] = useState<UnitOption[]>([]);
  const options = useMemo(() => [...stored.map((u) => ({ id: u.id, name: u.name })), ...local], [stored, local]);
  // A value in neither list (e.g. a profile's unit deleted since) still shows as chosen.
  const names = options.map((o) => o.name);
  const shown = value && !names.includes(value) ? [...names, value] : names;

  const create = (typed: string) => {
    const choice = chooseBusinessUnit(options, typed);
    if (choice.kind === 'blank') return;
    if (choice.kind === 'new') setLocal((l) => [...l, choice.option]);
    onChange(choice.option.name);
  };

  return (
    <Combobox
      id={id}
      {...aria}
      options={shown}
      value={value}
      onChange={onChange}
      onCreate={create}
      createEntry={ADD_NEW}
      placeholder="Select a business unit"
    />
  );
}

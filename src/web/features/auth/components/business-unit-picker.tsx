import { Plus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useBusinessUnits } from '../../../lib/shared-queries';
import { Button } from '../../../components/ui/button';
import { Input, NativeSelect } from '../../../components/ui/input';
import { chooseBusinessUnit, type UnitOption } from '../business-unit-choice';

const ADD_NEW = '__add_new__';

interface Props {
  id?: string;
  value: string;
  onChange: (name: string) => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Pick a unit from the list, or add a new one through "Add new business unit..." (kept locally until saved). */
export function BusinessUnitPicker({ id, value, onChange, ...aria }: Props) {
  const { data: stored = [] } = useBusinessUnits();
  const [local, setLocal] = useState<UnitOption[]>([]);
  const [adding, setAdding] = useState(false);
  const [typed, setTyped] = useState('');
  const [note, setNote] = useState('');
  const newNameId = useId();
  const options = useMemo(() => [...stored.map((u) => ({ id: u.id, name: u.name })), ...local], [stored, local]);
  // A value that is in neither list (e.g. a profile's unit deleted since) still shows as selected.
  const all = value && !options.some((o) => o.name === value) ? [...options, { id: 'current', name: value }] : options;

  function add() {
    const choice = chooseBusinessUnit(options, typed);
    if (choice.kind === 'blank') return;
    if (choice.kind === 'new') setLocal((l) => [...l, choice.option]);
    setNote(choice.kind === 'existing' ? `"${choice.option.name}" already exists and is now selected.` : '');
    onChange(choice.option.name);
    setAdding(false);
    setTyped('');
  }

  return (
    <div className="space-y-2">
      <NativeSelect
        id={id}
        value={adding ? ADD_NEW : value}
        onChange={(e) => {
          setNote('');
          if (e.target.value === ADD_NEW) setAdding(true);
          else {
            setAdding(false);
            onChange(e.target.value);
          }
        }}
        {...aria}
      >
        <option value="">Select a business unit</option>
        {all.map((o) => (
          <option key={o.id} value={o.name}>
            {o.name}
          </option>
        ))}
        <option value={ADD_NEW}>Add new business unit...</option>
      </NativeSelect>
      {adding ? (
        <div className="flex gap-2">
          <label htmlFor={newNameId} className="sr-only">
            New business unit name
          </label>
          <Input
            id={newNameId}
            autoFocus
            placeholder="New business unit name"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button variant="secondary" onClick={add} disabled={!typed.trim()}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add
          </Button>
        </div>
      ) : null}
      {note ? <p className="text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}

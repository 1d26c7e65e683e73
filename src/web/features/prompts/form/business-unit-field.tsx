import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, NativeSelect } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useBusinessUnits } from '../../../lib/shared-queries';
import { toast } from '../../../lib/toast';
import { useAddBusinessUnit } from '../api/prompt-queries';

interface Props {
  id: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string | null;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Unit select with "add a new unit" from the form; an existing name is selected instead (§2, §8). */
export function BusinessUnitField({ id, value, onChange, placeholder, ...aria }: Props) {
  const unitsQuery = useBusinessUnits();
  const units = unitsQuery.data ?? [];
  const add = useAddBusinessUnit();
  const [adding, setAdding] = useState(false);
  const [typed, setTyped] = useState('');
  const names = units.map((u) => u.name);
  const options = value && !names.includes(value) ? [...names, value] : names;

  const close = () => {
    setAdding(false);
    setTyped('');
  };
  const selectExisting = (existing: string) => {
    onChange(existing);
    toast({ title: 'Business unit already exists. Selected existing unit.' });
    close();
  };

  /** Someone added the unit since the list was loaded: select it with its stored spelling. */
  const selectAfterConflict = async (name: string) => {
    const { data: fresh = [] } = await unitsQuery.refetch();
    const existing = fresh.find((u) => u.name.toLowerCase() === name.toLowerCase());
    if (existing) selectExisting(existing.name);
    else toast({ title: 'Error', description: 'Business unit name already exists', variant: 'destructive' });
  };

  const submit = () => {
    const name = typed.trim();
    if (!name) return;
    const existing = names.find((n) => n.toLowerCase() === name.toLowerCase());
    if (existing) return selectExisting(existing);
    add.mutate(name, {
      onSuccess: (unit) => {
        toast({ title: 'Business unit added successfully!' });
        onChange(unit.name);
        close();
      },
      onError: (err) => {
        const message = err instanceof ApiError ? (err.serverMessage ?? err.message) : '';
        if (message.includes('already exists')) {
          void selectAfterConflict(name);
        } else if (message.includes('Invalid data') || (err instanceof ApiError && err.status === 400)) {
          toast({ title: 'Error', description: 'Please enter a valid business unit name', variant: 'destructive' });
        } else {
          toast({ title: 'Error', description: 'Failed to add business unit', variant: 'destructive' });
        }
      },
    });
  };

  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} {...aria}>
          <option value="">{placeholder ?? 'Select a business unit'}</option>
          {options.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </NativeSelect>
        <Button variant="secondary" onClick={() => setAdding((a) => !a)} aria-expanded={adding}>
          <Plus className="h-4 w-4" aria-hidden="true" /> New unit
        </Button>
      </div>
      {adding ? (
        <div className="flex gap-2">
          <Input
            aria-label="New business unit name"
            placeholder="New business unit name"
            value={typed}
            autoFocus
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
          />
          <Button onClick={submit} disabled={!typed.trim() || add.isPending}>
            Add
          </Button>
        </div>
      ) : null}
    </div>
  );
}

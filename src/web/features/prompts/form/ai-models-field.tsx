import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useAddAiModel, useAiModels } from '../api/prompt-queries';
import { canAddModel } from './tag-rules';

/** Checkboxes for the AI application catalog plus "add a custom one" (§2). */
export function AiModelsField({ id, value, onChange, describedBy }: { id: string; value: string[]; onChange: (v: string[]) => void; describedBy?: string }) {
  const { data: catalog = [] } = useAiModels();
  const add = useAddAiModel();
  const [typed, setTyped] = useState('');
  const options = [...catalog, ...value.filter((v) => !catalog.includes(v))];

  const addCustom = () => {
    if (!canAddModel(options, typed)) {
      const existing = options.find((o) => o.toLowerCase() === typed.trim().toLowerCase());
      if (existing && !value.includes(existing)) onChange([...value, existing]);
      setTyped('');
      return;
    }
    add.mutate(typed.trim(), {
      onSuccess: ({ model }) => {
        toast({ title: 'AI model added successfully!' });
        if (!value.includes(model)) onChange([...value, model]);
        setTyped('');
      },
      onError: () => toast({ title: 'Error', description: 'Failed to add AI model', variant: 'destructive' }),
    });
  };

  return (
    <fieldset id={id} aria-labelledby={`${id}-label`} aria-describedby={describedBy} className="space-y-3">
      <div className="grid grid-cols-1 gap-2 rounded-md border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((m) => (
          <Checkbox key={m} label={m} checked={value.includes(m)} onCheckedChange={(on) => onChange(on ? [...value, m] : value.filter((v) => v !== m))} />
        ))}
      </div>
      <div className="flex gap-2">
        <Input
          aria-label="Add a custom AI application"
          placeholder="Add a custom AI application"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addCustom();
            }
          }}
        />
        <Button variant="secondary" onClick={addCustom} disabled={!typed.trim() || add.isPending}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add
        </Button>
      </div>
    </fieldset>
  );
}

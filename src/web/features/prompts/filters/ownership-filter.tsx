import { useId } from 'react';
import { OWNERSHIP_LABELS, OWNERSHIPS, type Ownership } from '../../../../shared/ownership';
import { cn } from '../../../lib/utils';

const CHOICES: ReadonlyArray<{ value: Ownership | undefined; label: string }> = [
  { value: undefined, label: 'All' },
  ...OWNERSHIPS.map((value) => ({ value, label: OWNERSHIP_LABELS[value] })),
];

/**
 * My Prompts' "All / I own / I co-own": native radios drawn as a segmented control, so arrows move the
 * choice and a screen reader hears a labelled group of three.
 */
export function OwnershipFilter({ value, onChange }: { value: Ownership | undefined; onChange: (v: Ownership | undefined) => void }) {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="float-left mr-2 text-sm font-medium text-slate-700">Show</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-slate-100 p-0.5">
        {CHOICES.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.label}
              className={cn(
                'relative cursor-pointer rounded-md px-3 py-1 text-sm font-medium whitespace-nowrap transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600',
                checked ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <input type="radio" name={name} className="sr-only" checked={checked} onChange={() => onChange(choice.value)} />
              {choice.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

import { useId } from 'react';
import { useFilters } from './filter-context';

/**
 * The sidebar's Status group: "Verified only" narrows the list to what curators vouched for; "Show
 * deprecated" brings back the prompts lists leave out once they are deprecated. Drawn like the
 * Visibility group (no counts).
 */
export function StatusFilter() {
  const f = useFilters();
  const legendId = useId();
  const choices = [
    { label: 'Verified only', checked: f.verifiedOnly, set: f.setVerifiedOnly },
    { label: 'Show deprecated', checked: f.showDeprecated, set: f.setShowDeprecated },
  ];
  return (
    <fieldset className="space-y-2" aria-labelledby={legendId}>
      <legend id={legendId} className="px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Status
      </legend>
      <div className="space-y-1.5 px-1 py-0.5">
        {choices.map((c) => (
          <label key={c.label} className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="select-box" checked={c.checked} onChange={(e) => c.set(e.target.checked)} />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import { useId } from 'react';
import { VISIBILITIES, VISIBILITY_FILTER_LABELS, type Visibility } from '../../../../shared/visibility';

/**
 * The sidebar's Visibility group: three fixed choices, any of which may be ticked. The counts call has
 * no numbers for them, so unlike the other groups it shows no count and needs no filter box; it is
 * drawn like them (the native `select-box` checkbox) so the panel reads as one list.
 */
export function VisibilityFilter({ selected, onChange }: { selected: Visibility[]; onChange: (v: Visibility[]) => void }) {
  const legendId = useId();
  // Kept in the fixed order whatever the order of the clicks, so the URL of a view is always the same.
  const toggle = (value: Visibility, on: boolean) => onChange(VISIBILITIES.filter((v) => (v === value ? on : selected.includes(v))));
  return (
    <fieldset className="space-y-2" aria-labelledby={legendId}>
      <legend id={legendId} className="px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Visibility
      </legend>
      <div className="space-y-1.5 px-1 py-0.5">
        {VISIBILITIES.map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="select-box" checked={selected.includes(value)} onChange={(e) => toggle(value, e.target.checked)} />
            {VISIBILITY_FILTER_LABELS[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

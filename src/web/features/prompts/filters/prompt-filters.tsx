import { X } from 'lucide-react';
import type { FilterValue } from '../../../../shared/schemas/catalog';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { useFilterCounts } from '../api/prompt-queries';
import { useFilters } from './filter-context';

function FilterGroup({ title, values, selected, onChange }: { title: string; values: FilterValue[]; selected: string[]; onChange: (v: string[]) => void }) {
  const id = `filter-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <fieldset className="space-y-2">
      <legend id={id} className="px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </legend>
      {values.length === 0 ? (
        <p className="px-1 text-xs text-slate-500">Nothing to filter yet</p>
      ) : (
        <div className="max-h-32 space-y-1.5 overflow-y-auto px-1 py-0.5">
          {values.map(({ value, count }) => (
            <Checkbox
              key={value}
              checked={selected.includes(value)}
              onCheckedChange={(on) => onChange(on ? [...selected, value] : selected.filter((v) => v !== value))}
              label={
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate" title={value}>
                    {value}
                  </span>
                  <span className="shrink-0 text-xs text-slate-500 tabular-nums">{count.toLocaleString('en-US')}</span>
                </span>
              }
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** The sidebar filter panel (§2): checkbox lists with a count of prompts beside each value. */
export function PromptFilters() {
  const { data } = useFilterCounts();
  const f = useFilters();
  const active = f.businessUnits.length + f.aiModels.length + f.tags.length;
  return (
    <section aria-label="Filters" className="space-y-5">
      <div className="flex items-center justify-between px-1">
        <h2 className="text-sm font-semibold text-slate-900">Filters</h2>
        {active ? (
          <Button variant="ghost" size="sm" onClick={f.clearFilters} className="-mr-2 text-brand-700">
            <X className="h-3.5 w-3.5" aria-hidden="true" /> Clear filters ({active})
          </Button>
        ) : null}
      </div>
      <FilterGroup title="Business Unit" values={data?.businessUnits ?? []} selected={f.businessUnits} onChange={f.setBusinessUnits} />
      <FilterGroup title="AI Application Used" values={data?.aiModels ?? []} selected={f.aiModels} onChange={f.setAiModels} />
      <FilterGroup title="Tags" values={data?.tags ?? []} selected={f.tags} onChange={f.setTags} />
    </section>
  );
}

import { X } from 'lucide-react';
import { type ReactNode, useContext } from 'react';
import { VISIBILITY_FILTER_LABELS } from '../../../../shared/visibility';
import { PromptSlotsContext } from '../prompt-slots';
import { useFilters } from './filter-context';

/** The active filters above the list, each removable, with "Clear all" when there are several. */
export function ActiveFilterChips() {
  const f = useFilters();
  const { collectionName } = useContext(PromptSlotsContext);
  const chips: Array<{ kind: string; value: ReactNode; remove: () => void }> = [
    // Named by the app shell's collections feature; its id is no name to read out.
    ...(f.collection ? [{ kind: 'Collection', value: collectionName?.(f.collection) ?? '', remove: () => f.setCollection('') }] : []),
    ...f.businessUnits.map((value) => ({ kind: 'Business unit', value, remove: () => f.setBusinessUnits(f.businessUnits.filter((v) => v !== value)) })),
    ...f.aiModels.map((value) => ({ kind: 'AI application', value, remove: () => f.setAiModels(f.aiModels.filter((v) => v !== value)) })),
    ...f.tags.map((value) => ({ kind: 'Tag', value, remove: () => f.setTags(f.tags.filter((v) => v !== value)) })),
    ...f.visibility.map((v) => ({
      kind: 'Visibility',
      value: VISIBILITY_FILTER_LABELS[v],
      remove: () => f.setVisibility(f.visibility.filter((other) => other !== v)),
    })),
    ...(f.verifiedOnly ? [{ kind: 'Status', value: 'Verified only', remove: () => f.setVerifiedOnly(false) }] : []),
    ...(f.showDeprecated ? [{ kind: 'Status', value: 'Deprecated shown', remove: () => f.setShowDeprecated(false) }] : []),
  ];
  if (!chips.length) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" role="group" aria-label="Active filters">
      {chips.map((chip) => (
        <span
          key={`${chip.kind}:${typeof chip.value === 'string' ? chip.value : ''}`}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-0.5 pr-1 pl-3 text-sm text-brand-800"
        >
          <span className="truncate">
            {chip.kind}: <span dir="auto">{chip.value}</span>
          </span>
          <button
            type="button"
            onClick={chip.remove}
            className="rounded-full p-1 text-brand-700 hover:bg-brand-100"
            aria-label={typeof chip.value === 'string' ? `Remove filter ${chip.kind}: ${chip.value}` : `Remove filter ${chip.kind}`}
          >
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        </span>
      ))}
      {chips.length > 1 ? (
        <button type="button" onClick={f.clearFilters} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:underline">
          Clear all
        </button>
      ) : null}
    </div>
  );
}

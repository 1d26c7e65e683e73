import { X } from 'lucide-react';
import type { FilterGroup as FilterGroupName } from '../../../../shared/schemas/catalog';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useLoadFailure } from '../../../components/ui/load-failure';
import { errorMessage, isServerUnreachable } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { type FilterScope, useFilterCounts } from '../api/prompt-queries';
import { useDebouncedValue } from '../../../lib/text-input';
import { useFilters } from './filter-context';
import { FilterGroup } from './filter-group';
import { VisibilityFilter } from './visibility-filter';
import { StatusFilter } from './status-filter';

/** Which list the current page shows, or null on pages without a prompt list (no filter panel there). */
function useListScope(): FilterScope['scope'] | null {
  const { pathname } = useLocation();
  if (pathname === paths.allPrompts || pathname.startsWith(paths.collections)) return 'all';
  if (pathname === paths.myPrompts) return 'my';
  return null;
}

const GROUPS: ReadonlyArray<{ group: FilterGroupName; title: string; noun: string }> = [
  { group: 'businessUnits', title: 'Business Unit', noun: 'business units' },
  { group: 'aiModels', title: 'AI Application Used', noun: 'AI applications' },
  { group: 'tags', title: 'Tags', noun: 'tags' },
];

function FilterPanel({ scope: listScope, inDrawer }: { scope: FilterScope['scope']; inDrawer: boolean }) {
  const f = useFilters();
  const search = useDebouncedValue(f.search);
  // A collection's page lists its prompts: the counts are of those.
  const { pathname } = useLocation();
  const collection = pathname.startsWith(paths.collections) ? pathname.slice(paths.collections.length) : f.collection;
  const scope: FilterScope = {
    search,
    businessUnits: f.businessUnits,
    aiModels: f.aiModels,
    tags: f.tags,
    visibility: f.visibility,
    scope: listScope,
    ownership: f.ownership,
    collection,
    verified: f.verifiedOnly,
    deprecated: f.showDeprecated,
  };
  const counts = useFilterCounts(scope);
  const { data } = counts;
  const failure = useLoadFailure(counts);
  const { active } = f;
  const setters = { businessUnits: f.setBusinessUnits, aiModels: f.setAiModels, tags: f.setTags };
  return (
    <section aria-label="Filters" className={inDrawer ? 'space-y-5' : 'space-y-5 border-t border-slate-200 pt-5'}>
      {/* In the drawer its title already says "Filters": only Clear filters is left, when there is something to clear. */}
      {inDrawer && !active ? null : (
        <div className={inDrawer ? 'flex items-center justify-end px-1' : 'flex items-center justify-between px-1'}>
          {inDrawer ? null : <h2 className="text-sm font-semibold text-slate-900">Filters</h2>}
          {active ? (
            <Button variant="ghost" size="sm" onClick={f.clearFilters} className="-mr-2 text-brand-700">
              <X className="h-3.5 w-3.5" aria-hidden="true" /> Clear filters ({active})
            </Button>
          ) : null}
        </div>
      )}
      {data?.approximate ? <p className="px-1 text-xs text-slate-500">Counts are estimated from the first 10,000 matches.</p> : null}
      {/* Until counts arrive the groups are outlines, never "Nothing to filter yet", which would be a lie. */}
      {data ? null : failure ? (
        <p className="px-1 text-xs text-slate-600">
          {isServerUnreachable(failure) ? 'The filters will appear once the server answers.' : errorMessage(failure, 'The filters could not be loaded.')}
        </p>
      ) : (
        <div role="status" className="space-y-5">
          <span className="sr-only">Loading filters…</span>
          {GROUPS.map(({ group, title }) => (
            <div key={group} aria-hidden="true" className="space-y-2.5 px-1">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
              {['w-3/4', 'w-1/2', 'w-2/3'].map((width) => (
                <div key={width} className={`h-3.5 animate-pulse rounded bg-slate-200 ${width}`} />
              ))}
            </div>
          ))}
        </div>
      )}
      {data &&
        GROUPS.map(({ group, title, noun }) => (
          <FilterGroup
            key={group}
            title={title}
            noun={noun}
            group={group}
            values={data[group]}
            total={data.totals[group]}
            selected={f[group]}
            onChange={setters[group]}
            scope={scope}
          />
        ))}
      {data ? <VisibilityFilter selected={f.visibility} onChange={f.setVisibility} /> : null}
      {data ? <StatusFilter /> : null}
    </section>
  );
}

/**
 * The sidebar filter panel: checkbox lists whose counts follow the list on the page (its search and
 * the other groups' filters). It shows only beside a prompt list.
 */
export function PromptFilters({ inDrawer = false }: { inDrawer?: boolean }) {
  const scope = useListScope();
  return scope ? <FilterPanel scope={scope} inDrawer={inDrawer} /> : null;
}

import { Building2, Clock, TrendingUp, UserX } from 'lucide-react';
import { useState } from 'react';
import {
  HEALTH_WINDOW_DAYS,
  INACTIVE_OWNER_DAYS,
  type OrphanedPrompt,
  type TopPrompt,
  UNUSED_DAYS,
  type UnusedPrompt,
} from '../../../../shared/schemas/library-health';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/input';
import { formatDate } from '../../../lib/utils';
import { type HealthParams, useHealthList } from '../api/health-lists';
import { CsvButton, HealthListPanel, PromptRow } from './health-list-panel';

// The lists of how the library is used: per business unit, unused prompts, orphaned prompts, and the
// most used or fastest growing ones.

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const inUnit = (params: HealthParams) => (params.unit ? ` in ${params.unit}` : '');

/** A choice of days for a list ("No use for"), with the default among the offered ones. */
function DaysSelect({ label, value, onChange, options }: { label: string; value: number; onChange: (days: number) => void; options: number[] }) {
  return (
    <FormField label={label} className="sm:max-w-[12rem]">
      <NativeSelect value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map((days) => (
          <option key={days} value={days}>
            {days} days
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

export function UnitsPanel({ params }: { params: HealthParams }) {
  const query = useHealthList('units', params);
  return (
    <HealthListPanel
      title="Business units"
      noun="business units"
      summary={`Each unit's prompts, the people who wrote them, and how often they were used in the last ${HEALTH_WINDOW_DAYS} days.`}
      query={query}
      actions={<CsvButton list="units" params={params} filename="units.csv" />}
      empty={{ icon: Building2, title: 'No business units', description: 'Business units appear here once they exist.' }}
    >
      {(items) => (
        // Narrow enough for a phone: long unit names wrap rather than scroll.
        <div>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 align-bottom text-xs font-medium tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 sm:pr-4">
                  Business unit
                </th>
                <th scope="col" className="py-2 pr-3 sm:pr-4 text-right">
                  Prompts
                </th>
                <th scope="col" className="py-2 pr-3 sm:pr-4 text-right">
                  Authors
                </th>
                <th scope="col" className="py-2 text-right">
                  Uses, {HEALTH_WINDOW_DAYS} days
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((u) => (
                <tr key={u.name}>
                  <th scope="row" className="py-2.5 pr-3 sm:pr-4 font-medium [overflow-wrap:anywhere] text-slate-900" dir="auto">
                    {u.name}
                  </th>
                  <td className="py-2.5 pr-3 sm:pr-4 text-right text-slate-700 tabular-nums">{u.prompts.toLocaleString('en-US')}</td>
                  <td className="py-2.5 pr-3 sm:pr-4 text-right text-slate-700 tabular-nums">{u.authors.toLocaleString('en-US')}</td>
                  <td className="py-2.5 text-right text-slate-700 tabular-nums">{u.uses.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </HealthListPanel>
  );
}

const unusedDetail = (p: UnusedPrompt) =>
  p.lastUsedAt ? `Last used ${formatDate(p.lastUsedAt)} · ${count(p.useCount, 'use')}` : `Never used · written ${formatDate(p.createdAt)}`;

export function UnusedPanel({ params }: { params: HealthParams }) {
  const [days, setDays] = useState(UNUSED_DAYS);
  const listParams = { ...params, days: String(days) };
  const query = useHealthList('unused', listParams);
  return (
    <HealthListPanel
      title="Unused prompts"
      noun="unused prompts"
      summary={`Prompts nobody has used for ${days} days, the longest idle first. Prompts younger than that are left out.`}
      controls={<DaysSelect label="No use for" value={days} onChange={setDays} options={[30, 60, 90, 180, 365]} />}
      query={query}
      actions={<CsvButton list="unused" params={listParams} filename="unused-prompts.csv" />}
      empty={{ icon: Clock, title: `No unused prompts${inUnit(params)}`, description: `Every prompt older than ${days} days was used in that time.` }}
    >
      {(items) => (
        <ul className="divide-y divide-slate-100" aria-label="Unused prompts">
          {items.map((p) => (
            <PromptRow key={p.id} {...p} detail={unusedDetail(p)} />
          ))}
        </ul>
      )}
    </HealthListPanel>
  );
}

const orphanedDetail = (p: OrphanedPrompt) =>
  p.reason === 'transferred' ? `From ${p.fromName ?? 'a deleted account'}, deleted ${formatDate(p.since)}` : `Owner last signed in ${formatDate(p.since)}`;

export function OrphanedPanel({ params }: { params: HealthParams }) {
  const [days, setDays] = useState(INACTIVE_OWNER_DAYS);
  const listParams = { ...params, days: String(days) };
  const query = useHealthList('orphaned', listParams);
  return (
    <HealthListPanel
      title="Orphaned prompts"
      noun="orphaned prompts"
      summary={`Prompts handed over when their owner's account was deleted (until someone hands them on), and prompts whose owner has not signed in for ${days} days.`}
      controls={<DaysSelect label="Owner away for" value={days} onChange={setDays} options={[90, 180, 365]} />}
      query={query}
      actions={<CsvButton list="orphaned" params={listParams} filename="orphaned-prompts.csv" />}
      empty={{ icon: UserX, title: `No orphaned prompts${inUnit(params)}`, description: 'Every prompt has an owner who still looks after it.' }}
    >
      {(items) => (
        <ul className="divide-y divide-slate-100" aria-label="Orphaned prompts">
          {items.map((p) => (
            <PromptRow key={p.id} {...p} detail={orphanedDetail(p)} />
          ))}
        </ul>
      )}
    </HealthListPanel>
  );
}

const topDetail = (p: TopPrompt, growth: boolean) =>
  growth ? `+${p.growth.toLocaleString('en-US')} (${p.previousUses.toLocaleString('en-US')} → ${p.uses.toLocaleString('en-US')})` : count(p.uses, 'use');

export function TopPanel({ params }: { params: HealthParams }) {
  const [by, setBy] = useState<'uses' | 'growth'>('uses');
  const listParams = { ...params, by };
  const query = useHealthList('top', listParams);
  const growth = by === 'growth';
  return (
    <HealthListPanel
      title={growth ? 'Fastest growing' : 'Most used'}
      noun="prompts"
      summary={
        growth
          ? `The prompts that gained the most uses in the last ${HEALTH_WINDOW_DAYS} days over the ${HEALTH_WINDOW_DAYS} days before.`
          : `The prompts used most in the last ${HEALTH_WINDOW_DAYS} days.`
      }
      controls={
        <FormField label="Rank by" className="sm:max-w-[12rem]">
          <NativeSelect value={by} onChange={(e) => setBy(e.target.value === 'growth' ? 'growth' : 'uses')}>
            <option value="uses">Most used</option>
            <option value="growth">Fastest growing</option>
          </NativeSelect>
        </FormField>
      }
      query={query}
      actions={<CsvButton list="top" params={listParams} filename={growth ? 'fastest-growing-prompts.csv' : 'most-used-prompts.csv'} />}
      empty={{
        icon: TrendingUp,
        title: growth ? `No prompt is growing${inUnit(params)}` : `No uses in the last ${HEALTH_WINDOW_DAYS} days${inUnit(params)}`,
        description: 'Uses are counted when people copy a prompt, open it in an AI application or use it through MCP.',
      }}
    >
      {(items) => (
        <ol className="divide-y divide-slate-100" aria-label={growth ? 'Fastest growing prompts' : 'Most used prompts'}>
          {items.map((p) => (
            <PromptRow key={p.id} {...p} detail={topDetail(p, growth)} />
          ))}
        </ol>
      )}
    </HealthListPanel>
  );
}

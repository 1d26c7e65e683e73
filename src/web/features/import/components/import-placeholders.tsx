import type { ImportResult } from '../../../../shared/schemas/import';
import { count } from './import-summary';

/** How many rows the list names; the rest are counted below it. */
const SHOWN = 20;

/** The rows of a checked file holding other tools' placeholders, and the variables they become. */
export function ImportPlaceholders({ result, converted }: { result: ImportResult; converted: boolean }) {
  const shown = result.placeholders.slice(0, SHOWN);
  const more = result.placeholderRows - shown.length;
  return (
    <section aria-labelledby="import-placeholders" className="space-y-2 text-sm">
      <h3 id="import-placeholders" className="font-medium text-slate-900">
        Placeholders of other tools
      </h3>
      <p className="text-slate-700">
        {count(result.placeholderRows, 'row')} {result.placeholderRows === 1 ? 'holds' : 'hold'} placeholders such as {'{name}'} or [NAME].{' '}
        {converted
          ? 'They will become variables.'
          : 'To turn them into variables, choose “Turn other tools’ placeholders into variables” above and check again.'}
      </p>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {shown.map((r) => (
          <li key={r.row} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:gap-4">
            <span className="shrink-0 text-slate-600 tabular-nums">Row {r.row.toLocaleString('en-US')}</span>
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere] text-slate-900" dir="auto">
              {r.title}
            </span>
            <span className="font-mono text-xs [overflow-wrap:anywhere] text-slate-700">{r.variables.map((v) => `{{${v}}}`).join(' ')}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="text-slate-600">…and {count(more, 'more row')}.</p> : null}
    </section>
  );
}

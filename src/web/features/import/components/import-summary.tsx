import type { ImportResult } from '../../../../shared/schemas/import';
import { cn } from '../../../lib/utils';
import { countOf } from '../../../../shared/plural';

/** How many problems the table lists; the rest are counted below it. */
const ERRORS_SHOWN = 20;

export const count = countOf;

export const FORMAT_LABELS: Record<ImportResult['format'], string> = {
  'prompts-csv': 'a prompt export (CSV)',
  'prompts-json': 'a prompt export (JSON)',
  'prompts-chat-csv': 'a prompts.chat CSV',
};

type Tone = 'plain' | 'good' | 'warn' | 'bad';
const TONES: Record<Tone, string> = {
  plain: 'border-slate-200 bg-slate-50 text-slate-900',
  good: 'border-emerald-200 bg-emerald-50 text-emerald-700',
  warn: 'border-amber-200 bg-amber-50 text-amber-900',
  bad: 'border-red-200 bg-red-50 text-red-700',
};

function Stat({ label, value, tone = 'plain' }: { label: string; value: number; tone?: Tone }) {
  return (
    // The labels wrap to two lines in narrow tiles: the numbers stay on one line across the row.
    <div className={cn('flex flex-col justify-between rounded-lg border px-3 py-2.5', value > 0 ? TONES[tone] : TONES.plain)}>
      <dt className={cn('text-xs font-medium', value > 0 && tone !== 'plain' ? '' : 'text-slate-600')}>{label}</dt>
      <dd className="mt-0.5 text-2xl font-semibold tabular-nums">{value.toLocaleString('en-US')}</dd>
    </div>
  );
}

/** The counts of a check (what would happen) or of an import (what happened). */
export function ImportTotals({ result }: { result: ImportResult }) {
  const done = !result.dryRun;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
      <Stat label="Rows" value={result.total} />
      <Stat label={done ? 'Created' : 'Will be created'} value={result.create} tone="good" />
      <Stat label={done ? 'Overwritten' : 'Will be overwritten'} value={result.update} tone="good" />
      <Stat label="Conflicts" value={result.conflicts} tone="warn" />
      <Stat label="Skipped" value={result.skipped} tone="warn" />
      <Stat label="Invalid" value={result.invalid} tone="bad" />
    </dl>
  );
}

function moreText(more: number, unlisted: boolean): string {
  if (!unlisted) return `…and ${count(more, 'more problem')}.`;
  return more > 0 ? `…and more than ${count(more, 'more problem')}.` : '…and more problems in later rows.';
}

/** The first problems, row by row, as the server reported them. */
export function ImportErrorTable({ result }: { result: ImportResult }) {
  const shown = result.errors.slice(0, ERRORS_SHOWN);
  const more = result.errors.length - shown.length;
  // The server lists a bounded number of problems: invalid rows beyond those listed are still counted.
  const rowsListed = new Set(result.errors.map((e) => e.row)).size;
  const unlisted = result.invalid > rowsListed;
  return (
    <div>
      <div className="overflow-hidden rounded-lg border border-slate-200">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Problems found in the file</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="w-14 px-3 py-2.5 sm:w-20">
                Row
              </th>
              <th scope="col" className="w-24 px-3 py-2.5 sm:w-40">
                Field
              </th>
              <th scope="col" className="px-3 py-2.5">
                Message
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {shown.map((e, i) => (
              <tr key={`${e.row}-${e.field}-${i}`}>
                <td className="px-3 py-2 align-top text-slate-700 tabular-nums">{e.row.toLocaleString('en-US')}</td>
                <td className="px-3 py-2 align-top font-mono text-xs leading-5 text-slate-700 [overflow-wrap:anywhere]">{e.field}</td>
                <td className="px-3 py-2 align-top text-slate-800 [overflow-wrap:anywhere]">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 || unlisted ? <p className="mt-2 text-sm text-slate-600">{moreText(more, unlisted)}</p> : null}
    </div>
  );
}

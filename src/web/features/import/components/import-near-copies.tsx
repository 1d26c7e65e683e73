import { ExternalLink } from 'lucide-react';
import type { ImportResult } from '../../../../shared/schemas/import';
import { paths } from '../../../lib/paths';
import { count } from './import-summary';

/** How many near-copies the table lists; the rest are counted below it. */
const SHOWN = 20;

/**
 * The rows of a checked file that would add a near-copy of a prompt already in the library, each with
 * the prompt it is most like (opened in a new tab, so the check stays where it is).
 */
export function ImportNearCopies({ result, skipped }: { result: ImportResult; skipped: boolean }) {
  const shown = result.similar.slice(0, SHOWN);
  const more = result.similarRows - shown.length;
  return (
    <section aria-labelledby="import-near-copies" className="space-y-2 text-sm">
      <h3 id="import-near-copies" className="font-medium text-slate-900">
        Near-copies of the library
      </h3>
      <p className="text-slate-700">
        {count(result.similarRows, 'row')} nearly {result.similarRows === 1 ? 'copies' : 'copy'} a prompt already in the library.{' '}
        {skipped ? 'They will be skipped.' : 'To leave them out, choose “Skip rows that nearly copy a prompt already in the library” above and check again.'}
      </p>
      <div className="overflow-hidden rounded-lg border border-slate-200">
        <table className="w-full table-fixed text-left">
          <caption className="sr-only">Rows that nearly copy a prompt of the library</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="w-14 px-3 py-2.5 sm:w-20">
                Row
              </th>
              <th scope="col" className="px-3 py-2.5">
                Title in the file
              </th>
              <th scope="col" className="px-3 py-2.5">
                Most like
              </th>
              <th scope="col" className="w-16 px-3 py-2.5 text-right sm:w-20">
                Alike
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {shown.map((r) => (
              <tr key={r.row}>
                <td className="px-3 py-2 text-slate-600 tabular-nums">{r.row.toLocaleString('en-US')}</td>
                <td className="px-3 py-2 [overflow-wrap:anywhere] text-slate-900" dir="auto">
                  {r.title}
                </td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">
                  <a
                    href={paths.prompt(r.promptId)}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-baseline gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    <span dir="auto">{r.promptTitle}</span>
                    <ExternalLink className="h-3.5 w-3.5 shrink-0 self-center" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </td>
                <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{Math.round(r.similarity * 100)} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 ? <p className="text-slate-600">…and {count(more, 'more row')}.</p> : null}
    </section>
  );
}

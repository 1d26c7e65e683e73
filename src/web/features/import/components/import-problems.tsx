import type { ImportFix, ImportProblem, ImportResult } from '../../../../shared/schemas/import';
import { Button } from '../../../components/ui/button';
import { count } from './import-summary';
import { FIX_CONTROL_IDS } from './import-options';
import { plural } from '../../../../shared/plural';

/** What to change on this screen for each problem an option fixes. */
const FIX_LABELS: Record<ImportFix, { button: string; advice: string }> = {
  aiModel: { button: 'Choose the AI application', advice: 'Choose the AI application for this file above, then check the file again.' },
  unknownOwners: {
    button: 'Give them to the chosen owner',
    advice: 'Choose “Give the prompt to the owner chosen above” for owners without an account, or add their accounts, then check the file again.',
  },
};

/** Moves the focus to the control that fixes a problem (a select, or the first choice of a group). */
function focusControl(fix: ImportFix) {
  const element = document.getElementById(FIX_CONTROL_IDS[fix]);
  const target = element instanceof HTMLFieldSetElement ? element.querySelector<HTMLInputElement>('input') : element;
  target?.scrollIntoView({ block: 'center' });
  target?.focus();
}

/** "rows 1, 2, 3, 4, 5 and 192 more" or "row 4". */
function whichRows(p: ImportProblem): string {
  const listed = p.examples.map((r) => r.toLocaleString('en-US')).join(', ');
  const rest = p.rows - p.examples.length;
  return `${plural(p.rows, 'Row')} ${listed}${rest > 0 ? ` and ${rest.toLocaleString('en-US')} more` : ''}`;
}

/**
 * Why the import cannot go ahead, or null when it can: the fix that helps, an option of this screen
 * when one does, or the file when it has to change.
 */
export function blockedBecause(result: ImportResult): string | null {
  if (result.invalid > 0) {
    const fixes = [...new Set(result.problems.map((p) => p.fix))];
    const invalid = `${count(result.invalid, 'row is', 'rows are')} invalid.`;
    const onScreen = fixes.filter((f): f is ImportFix => f !== null).map((f) => FIX_LABELS[f].advice);
    const inFile = fixes.includes(null)
      ? `Correct the rows listed under “In the file” in the file, then choose it again and check it: a file is imported only when every row is valid.`
      : '';
    return [invalid, ...onScreen, inFile].filter(Boolean).join(' ');
  }
  if (result.create + result.update === 0) return 'Nothing to import: the file adds or changes no prompt with these options.';
  return null;
}

/** Each problem once, with how many rows have it and what fixes it. */
export function ImportProblems({ result }: { result: ImportResult }) {
  return (
    <section aria-labelledby="import-problems-heading">
      <h3 id="import-problems-heading" className="text-base font-semibold text-slate-900">
        Problems
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {result.problems.map((p) => (
          <li key={`${p.field}-${p.message}`} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            <div className="min-w-0">
              <p className="font-medium text-red-700 [overflow-wrap:anywhere]">
                {count(p.rows, 'row')}: {p.message}
              </p>
              <p className="mt-0.5 text-slate-600">
                <span className="font-mono text-xs">{p.field}</span> · {whichRows(p)} · {p.fix ? 'Fixed on this screen' : 'In the file'}
              </p>
            </div>
            {p.fix ? (
              <Button variant="secondary" size="sm" className="shrink-0 self-start" onClick={() => focusControl(p.fix!)}>
                {FIX_LABELS[p.fix].button}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { CheckCircle2 } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { useImportDefaults } from '../api/ai-models';
import { type ImportOptions, useImportPrompts } from '../api/import-prompts';
import { namesNoAiApplication } from '../file-kind';
import { FileDropZone } from './file-drop-zone';
import { ImportOptionsFields } from './import-options';
import { blockedBecause, ImportProblems } from './import-problems';
import { ImportNearCopies } from './import-near-copies';
import { ImportPlaceholders } from './import-placeholders';
import { count, FORMAT_LABELS, ImportErrorTable, ImportTotals } from './import-summary';

const DEFAULT_OPTIONS: ImportOptions = {
  onConflict: 'skip',
  unknownOwners: 'assign',
  aiModel: '',
  owner: '',
  businessUnit: '',
  skipSimilar: false,
  convertPlaceholders: false,
};
const STEPS = ['Choose a file', 'Check it', 'Import'] as const;

function Steps({ current }: { current: number }) {
  return (
    <ol aria-label="Steps" className="mb-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {STEPS.map((label, i) => {
        const n = i + 1;
        return (
          <li key={label} aria-current={n === current ? 'step' : undefined} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn(
                'flex h-6 w-6 items-center justify-center rounded-full text-xs font-semibold',
                n === current ? 'bg-brand-600 text-white' : n < current ? 'bg-brand-100 text-brand-700' : 'bg-slate-200 text-slate-600',
              )}
            >
              {n}
            </span>
            <span className={n === current ? 'font-medium text-slate-900' : 'text-slate-600'}>
              <span className="sr-only">Step {n}: </span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** A section's heading that takes the focus when the section appears, so keyboard and screen reader users land on the news. */
function useFocusOnArrival(shown: unknown): RefObject<HTMLHeadingElement | null> {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}

/**
 * /import-data: choose a file and what to do with clashes, check it (a dry run that writes nothing),
 * then import exactly what the check showed. Any change to the file or the options asks for a new check.
 */
export function ImportDataPage() {
  usePageTitle('Import Data');
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState(DEFAULT_OPTIONS);
  // Whether the chosen file names no AI application (prompts.chat): then the choice is required.
  const [needsAiModel, setNeedsAiModel] = useState(false);
  const defaults = useImportDefaults();
  const suggested = defaults.data?.aiModel;
  useEffect(() => {
    if (suggested) setOptions((o) => (o.aiModel ? o : { ...o, aiModel: suggested }));
  }, [suggested]);
  const [refused, setRefused] = useState<string | null>(null);
  const check = useImportPrompts();
  const commit = useImportPrompts();
  const inputRef = useRef<HTMLInputElement>(null);
  const checkButtonRef = useRef<HTMLButtonElement>(null);
  const refocusCheck = useRef(false);
  const checked = check.data;
  const imported = commit.data;
  const busy = check.isPending || commit.isPending;
  const checkHeading = useFocusOnArrival(checked);
  const doneHeading = useFocusOnArrival(imported);

  const startOver = () => {
    check.reset();
    commit.reset();
    setRefused(null);
  };
  // The file or the data changed since the check (rows now invalid, a title saved meanwhile): its
  // result no longer holds, so the page goes back to step 1 with the server's reason shown.
  const afterRefusedImport = (err: unknown) => {
    if (!hasErrorCode(err, 'import_invalid_rows') && !hasErrorCode(err, 'import_conflict')) return;
    refocusCheck.current = true;
    check.reset();
  };
  // The Import button goes with the result: the focus goes to the button that checks again, once it
  // is enabled (a disabled button cannot take it).
  useEffect(() => {
    if (!refocusCheck.current || busy) return;
    refocusCheck.current = false;
    checkButtonRef.current?.focus();
  }, [busy, checked]);
  const error = check.error ?? commit.error;
  // With no answer from the server the likeliest cause is the browser: it cannot send a file that
  // changed on disk after it was chosen.
  const failure = refused ?? (error ? errorMessage(error, 'The file could not be sent. If it changed since you chose it, choose it again.') : null);
  const blocked = checked ? blockedBecause(checked) : null;
  const missingAiModel = needsAiModel && !options.aiModel;
  // The application goes only with a file that names none: any other file keeps its own.
  const request = { file: file!, ...options, aiModel: needsAiModel ? options.aiModel : '' };
  const writes = checked ? checked.create + checked.update : 0;

  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Import Data"
        description="Add prompts from a CSV or JSON file: a prompt export made on Export Data, or a prompts.chat CSV (columns act, prompt, for_devs, type, contributor). Checking a file writes nothing."
      />
      <Steps current={imported ? 3 : checked ? 2 : 1} />
      <Card className="space-y-6 p-4 sm:p-6">
        <FileDropZone
          file={file}
          disabled={busy}
          inputRef={inputRef}
          onFile={(f) => {
            // The header is read before the file counts as chosen, so Check never goes without a required choice.
            void namesNoAiApplication(f).then((needs) => {
              setNeedsAiModel(needs);
              setFile(f);
              startOver();
            });
          }}
          onRefuse={(message) => {
            startOver();
            setRefused(message);
          }}
        />
        <ImportOptionsFields
          value={options}
          needsAiModel={Boolean(file) && needsAiModel}
          disabled={busy}
          onChange={(next) => {
            setOptions(next);
            startOver();
          }}
        />
        <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center">
          {/* Once checked, Import is the next step and the one filled button. */}
          <Button
            ref={checkButtonRef}
            variant={checked ? 'secondary' : 'primary'}
            onClick={() => file && check.mutate({ ...request, dryRun: true })}
            disabled={!file || busy || missingAiModel}
          >
            Check file
          </Button>
          {check.isPending ? <Spinner label="Uploading and checking the file..." /> : null}
          {!file && !busy ? <p className="text-sm text-slate-600">Choose a file to check it.</p> : null}
          {file && missingAiModel && !busy ? <p className="text-sm text-slate-600">Choose the AI application for this file to check it.</p> : null}
        </div>
      </Card>

      <div role="alert" className="mt-4 empty:hidden">
        {failure ? <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700 [overflow-wrap:anywhere]">{failure}</p> : null}
      </div>

      {checked && !imported ? (
        <Card className="mt-6 space-y-5 p-4 sm:p-6">
          <div>
            <h2 ref={checkHeading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
              Check result
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Read as {FORMAT_LABELS[checked.format]}: {count(checked.total, 'row')}. Nothing has been written yet.
            </p>
          </div>
          <ImportTotals result={checked} />
          {checked.problems.length > 0 ? <ImportProblems result={checked} /> : null}
          {checked.similarRows > 0 ? <ImportNearCopies result={checked} skipped={options.skipSimilar} /> : null}
          {checked.placeholderRows > 0 ? <ImportPlaceholders result={checked} converted={options.convertPlaceholders} /> : null}
          {checked.errors.length > 0 ? (
            <details className="text-sm">
              <summary className="cursor-pointer text-slate-700">Row by row</summary>
              <div className="mt-2">
                <ImportErrorTable result={checked} />
              </div>
            </details>
          ) : null}
          <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center">
            <Button
              onClick={() => file && commit.mutate({ ...request, dryRun: false }, { onError: afterRefusedImport })}
              disabled={busy || blocked !== null}
              aria-describedby={blocked ? 'import-blocked' : undefined}
            >
              Import {count(writes, 'prompt')}
            </Button>
            {commit.isPending ? <Spinner label="Importing..." /> : null}
            {blocked ? (
              <p id="import-blocked" className="text-sm text-slate-700">
                {blocked}
              </p>
            ) : null}
          </div>
        </Card>
      ) : null}

      {imported ? (
        <Card className="mt-6 space-y-5 p-4 sm:p-6">
          <div className="flex items-start gap-3">
            <CheckCircle2 className="mt-0.5 h-6 w-6 shrink-0 text-emerald-600" aria-hidden="true" />
            <div>
              <h2 ref={doneHeading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
                Import complete
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {count(imported.create, 'prompt')} created, {imported.update.toLocaleString('en-US')} overwritten, {imported.skipped.toLocaleString('en-US')}{' '}
                skipped.
              </p>
            </div>
          </div>
          <ImportTotals result={imported} />
          <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row">
            <Link to={paths.allPrompts} className={buttonClass('primary')}>
              Go to All Prompts
            </Link>
            <Button
              variant="secondary"
              onClick={() => {
                setFile(null);
                startOver();
                inputRef.current?.focus();
              }}
            >
              Import another file
            </Button>
          </div>
        </Card>
      ) : null}
    </div>
  );
}

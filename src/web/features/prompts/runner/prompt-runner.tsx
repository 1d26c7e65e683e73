import { Check, Copy, ExternalLink, Play, RotateCcw } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { launchTarget } from '../../../../shared/launch-url';
import type { Prompt } from '../../../../shared/schemas/prompts';
import { builtinValues, parseTemplate } from '../../../../shared/template-variables';
import {
  defaultValue,
  fillVariables,
  formatValue,
  type PromptVariable,
  valueIssues,
  valueProblem,
  type VariableValue,
} from '../../../../shared/variable-definitions';
import { Button } from '../../../components/ui/button';
import { useInitialFocus } from '../../../components/ui/dialog';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useAiApplications } from '../../../lib/use-ai-applications';
import { useRecordUse } from '../api/prompt-usage-queries';
import { useRememberedValues } from './remembered-values';
import { VariableField } from './variable-field';
import { NativeSelect } from '../../../components/ui/input';
import { RunAnswer } from './run-answer';
import { useAiOptions, useTestRun } from './test-run';

/** What each variable starts with: the built-ins the member's, the others their default (a choice its first option). */
function defaultsOf(variables: PromptVariable[], builtins: Record<string, string>): Record<string, VariableValue> {
  const start: Record<string, VariableValue> = {};
  for (const v of variables) {
    const value = v.builtin ? builtins[v.name] : defaultValue(v);
    if (value !== undefined) start[v.name] = value;
  }
  return start;
}

function stillFitting(variables: PromptVariable[], remembered: Record<string, VariableValue>): Record<string, VariableValue> {
  return Object.fromEntries(
    Object.entries(remembered).filter(([name, value]) => {
      const v = variables.find((x) => x.name === name);
      return v !== undefined && (v.builtin === true || valueProblem(v, value) === null);
    }),
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    toast({ title: 'Error', description: 'Could not copy to the clipboard', variant: 'destructive' });
    return false;
  }
}

/** The filled prompt as it will be copied; variables still empty show as written, highlighted. */
function Preview({ content, values }: { content: string; values: Record<string, string> }) {
  const parts = useMemo(() => parseTemplate(content), [content]);
  return (
    <div
      aria-label="Filled prompt"
      role="region"
      dir="auto"
      className="max-h-[40vh] overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm break-words whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]"
    >
      {parts.map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : values[part.name] ? (
          <mark key={i} className="rounded bg-emerald-100 px-0.5 text-slate-900">
            {values[part.name]}
          </mark>
        ) : (
          <span key={i} className="template-variable">
            {part.raw}
          </span>
        ),
      )}
    </div>
  );
}

/**
 * Fill in a prompt's variables and use it: one field per variable, drawn by its type (text, long text,
 * a list, boxes, a number, a date, a checkbox), checked before the text leaves, a live preview, Copy, and "Open in …" for each of the prompt's applications that has a
 * launch URL ("Copy & open …" for those with only a home URL). The values are remembered per member
 * and prompt in this browser, with Reset.
 */
export function PromptRunner({ prompt }: { prompt: Prompt }) {
  const { data: user } = useCurrentUser();
  const { data: catalog = [] } = useAiApplications();
  const builtins = useMemo(() => (user ? builtinValues(user) : {}), [user]);
  const defaults = useMemo(() => defaultsOf(prompt.variables, builtins), [prompt.variables, builtins]);
  const { remembered, remember, forget } = useRememberedValues(user?.id ?? '', prompt.id);
  // A remembered value the prompt no longer takes (an option since removed, a type since changed) is dropped.
  const [values, setValues] = useState<Record<string, VariableValue>>(() => ({ ...defaults, ...stillFitting(prompt.variables, remembered) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [copied, setCopied] = useState(false);
  const recordUse = useRecordUse();
  // Test runs on the organization's model: offered only when the server has a gateway.
  const { data: ai } = useAiOptions();
  const testRun = useTestRun(prompt.id);
  const [model, setModel] = useState('');
  const root = useRef<HTMLDivElement>(null);
  // The first variable, ready for typing; without variables, Copy (the first thing done with it).
  useInitialFocus(root, 'textarea, select, button');
  // Its snippets expanded by the server: a snippet's variables are among the prompt's.
  const filled = fillVariables(prompt.expandedContent, prompt.variables, values);
  // As the values go into the text, for the preview's highlights.
  const shown = Object.fromEntries(prompt.variables.map((v) => [v.name, formatValue(v, values[v.name] ?? defaultValue(v))]));
  const launchable = catalog.filter((m) => m.launchUrl && prompt.aiModels.includes(m.name));
  // An application that cannot take the text in its address still opens: the text goes to the clipboard first.
  const homes = catalog.filter((m) => !m.launchUrl && m.homeUrl && prompt.aiModels.includes(m.name));

  const change = (name: string, value: VariableValue) => {
    const next = { ...values, [name]: value };
    setValues(next);
    remember(next);
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };
  /** Required values filled and each of its type, before the text leaves; else the fields say what is wrong. */
  const ready = () => {
    if (prompt.snippetProblem) {
      toast({ title: 'This prompt cannot be used as it stands', description: prompt.snippetProblem, variant: 'destructive' });
      return false;
    }
    const issues = valueIssues(
      prompt.variables.filter((v) => !v.builtin),
      values,
    );
    setErrors(issues);
    const first = Object.keys(issues)[0];
    if (first === undefined) return true;
    toast({ title: 'Fill in the variables first', description: Object.values(issues).join('. '), variant: 'destructive' });
    return false;
  };
  const copy = async () => {
    if (!ready() || !(await copyText(filled))) return;
    recordUse(prompt.id, 'copy');
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  const open = async (name: string, template: string, homeUrl: string | null) => {
    if (!ready()) return;
    const target = launchTarget(template, filled, homeUrl);
    if (!target.fits) {
      if (!(await copyText(filled))) return;
      toast({ title: `Prompt copied: paste it into ${name}`, description: 'It is too long to send in a link.' });
    }
    window.open(target.url, '_blank', 'noopener,noreferrer');
    recordUse(prompt.id, 'launch');
  };
  const run = () => {
    if (!ai || !ready()) return;
    void testRun.start(values, model || ai.models[0]!);
  };
  const copyAndOpen = async (name: string, homeUrl: string) => {
    if (!ready() || !(await copyText(filled))) return;
    toast({ title: `Prompt copied: paste it into ${name}` });
    window.open(homeUrl, '_blank', 'noopener,noreferrer');
    recordUse(prompt.id, 'launch');
  };

  return (
    <div ref={root} className="space-y-5">
      {prompt.variables.length > 0 ? (
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Fill in the variables</legend>
          {prompt.variables.map((v) => (
            <VariableField key={v.name} variable={v} value={values[v.name]} error={errors[v.name]} onChange={(value) => change(v.name, value)} />
          ))}
        </fieldset>
      ) : null}
      <section aria-label="Preview" className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Preview</h3>
        {prompt.snippetProblem ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {prompt.snippetProblem}
          </p>
        ) : null}
        <Preview content={prompt.expandedContent} values={shown} />
      </section>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void copy()}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
        </Button>
        {ai ? (
          <>
            <Button
              variant="secondary"
              onClick={run}
              disabled={testRun.state.status === 'running' || ai.runsLeftToday === 0}
              title={`${ai.runsLeftToday} of ${ai.runsPerDay} test runs left today`}
            >
              <Play className="h-4 w-4" aria-hidden="true" /> Run
            </Button>
            {ai.models.length > 1 ? (
              <NativeSelect aria-label="Model" value={model || ai.models[0]} onChange={(e) => setModel(e.target.value)} className="w-auto max-w-48">
                {ai.models.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </NativeSelect>
            ) : null}
          </>
        ) : null}
        {launchable.map((m) => (
          <Button key={m.id} variant="secondary" onClick={() => void open(m.name, m.launchUrl!, m.homeUrl)}>
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> Open in {m.name}
          </Button>
        ))}
        {homes.map((m) => (
          <Button key={m.id} variant="secondary" onClick={() => void copyAndOpen(m.name, m.homeUrl!)}>
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> Copy &amp; open {m.name}
          </Button>
        ))}
        {prompt.variables.length > 0 ? (
          <Button
            variant="ghost"
            className="ml-auto"
            onClick={() => {
              forget();
              setValues(defaults);
              setErrors({});
            }}
          >
            <RotateCcw className="h-4 w-4" aria-hidden="true" /> Reset
          </Button>
        ) : null}
      </div>
      {ai && ai.runsLeftToday === 0 && testRun.state.status === 'idle' ? (
        <p className="text-xs text-slate-500">You have used today’s {ai.runsPerDay} test runs; more tomorrow (UTC).</p>
      ) : null}
      <RunAnswer state={testRun.state} onStop={testRun.stop} />
    </div>
  );
}

import { Check, Copy, Square } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import type { RunState } from './test-run';

const PromptMarkdown = lazy(() => import('../markdown/prompt-markdown').then((m) => ({ default: m.PromptMarkdown })));

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The model's answer as it streams in, rendered as Markdown, with Stop while it runs and Copy answer after. */
export function RunAnswer({ state, onStop }: { state: RunState; onStop: () => void }) {
  const [copied, setCopied] = useState(false);
  if (state.status === 'idle') return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(state.answer);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: 'Error', description: 'Could not copy to the clipboard', variant: 'destructive' });
    }
  };
  return (
    <section aria-label="Answer" aria-busy={state.status === 'running'} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Answer</h3>
        <div className="flex gap-2">
          {state.status === 'running' ? (
            <Button variant="secondary" size="sm" onClick={onStop}>
              <Square className="h-4 w-4" aria-hidden="true" /> Stop
            </Button>
          ) : null}
          {state.status !== 'running' && state.answer ? (
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              {copied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
              <span aria-live="polite">{copied ? 'Copied!' : 'Copy answer'}</span>
            </Button>
          ) : null}
        </div>
      </div>
      {state.answer ? (
        <div className="max-h-80 overflow-y-auto">
          <Suspense fallback={<p className="text-sm whitespace-pre-wrap">{state.answer}</p>}>
            <PromptMarkdown source={state.answer} variables={false} />
          </Suspense>
        </div>
      ) : state.status === 'running' ? (
        <p className="text-sm text-slate-500">Waiting for the model…</p>
      ) : null}
      <p role="status" className="text-xs text-slate-500">
        {state.status === 'done'
          ? `${state.done.model} · answered in ${seconds(state.done.durationMs)} (first words after ${seconds(state.done.firstTokenMs)})${
              state.done.promptTokens !== null ? ` · ${state.done.promptTokens} tokens in, ${state.done.completionTokens ?? 0} out` : ''
            }`
          : state.status === 'stopped'
            ? 'Stopped.'
            : state.status === 'running'
              ? 'Running…'
              : ''}
      </p>
      {state.status === 'failed' ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}

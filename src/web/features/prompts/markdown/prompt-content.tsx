import { lazy, Suspense, useState } from 'react';
import { cn } from '../../../lib/utils';

// The Markdown renderer is loaded when a prompt is first shown, never with a list page.
const PromptMarkdown = lazy(() => import('./prompt-markdown').then((m) => ({ default: m.PromptMarkdown })));

type View = 'rendered' | 'plain';
const VIEW_KEY = 'prompt-content-view';

function storedView(): View {
  try {
    return localStorage.getItem(VIEW_KEY) === 'plain' ? 'plain' : 'rendered';
  } catch {
    return 'rendered';
  }
}

function PlainText({ source }: { source: string }) {
  return (
    <pre dir="auto" className="font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
      {source}
    </pre>
  );
}

/** A prompt's content, rendered as Markdown or shown as the plain source (the choice is remembered). */
export function PromptContent({ source }: { source: string }) {
  const [view, setView] = useState<View>(storedView);
  const choose = (next: View) => {
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Private windows may refuse storage: the choice then lasts for this page only.
    }
  };
  const option = (value: View, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => choose(value)}
      className={cn('rounded px-2.5 py-1 text-xs font-medium', view === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
    >
      {label}
    </button>
  );
  return (
    <section aria-label="Content" className="min-w-0">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">Content</h3>
        <div role="group" aria-label="Show content as" className="inline-flex rounded-md bg-slate-100 p-0.5">
          {option('rendered', 'Rendered')}
          {option('plain', 'Plain text')}
        </div>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
        {view === 'plain' ? (
          <PlainText source={source} />
        ) : (
          <Suspense fallback={<PlainText source={source} />}>
            <PromptMarkdown source={source} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

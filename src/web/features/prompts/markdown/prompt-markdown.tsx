import { Check, Copy } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { protectEscapedBraces, remarkTemplateVariables } from './remark-template-variables';

interface HastNode {
  type: string;
  value?: string;
  children?: HastNode[];
}

const textOf = (node: HastNode | undefined): string => (node?.type === 'text' ? (node.value ?? '') : (node?.children ?? []).map(textOf).join(''));

function CodeBlock({ code, children }: { code: string; children: ReactNode }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="relative my-3">
      <button
        type="button"
        onClick={() =>
          void navigator.clipboard.writeText(code).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          })
        }
        className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
      >
        {copied ? <Check className="h-3.5 w-3.5 text-emerald-600" aria-hidden="true" /> : <Copy className="h-3.5 w-3.5" aria-hidden="true" />}
        <span aria-live="polite">{copied ? 'Copied!' : 'Copy code'}</span>
      </button>
      <pre className="overflow-x-auto rounded-lg border border-slate-200 bg-slate-50 p-4 pt-10 font-mono text-[13px] leading-relaxed text-slate-800">
        {children}
      </pre>
    </div>
  );
}

const components: Components = {
  h1: ({ children }) => <h2 className="mt-5 mb-2 text-xl font-semibold text-slate-900">{children}</h2>,
  h2: ({ children }) => <h3 className="mt-5 mb-2 text-lg font-semibold text-slate-900">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-4 mb-2 text-base font-semibold text-slate-900">{children}</h4>,
  h4: ({ children }) => <h5 className="mt-4 mb-1 text-sm font-semibold text-slate-900">{children}</h5>,
  h5: ({ children }) => <h6 className="mt-3 mb-1 text-sm font-semibold text-slate-900">{children}</h6>,
  h6: ({ children }) => <p className="mt-3 mb-1 text-sm font-semibold text-slate-900">{children}</p>,
  p: ({ children }) => <p className="my-2">{children}</p>,
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-6">{children}</ul>,
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-6">{children}</ol>,
  blockquote: ({ children }) => <blockquote className="my-3 border-l-4 border-slate-200 pl-4 text-slate-600">{children}</blockquote>,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-700 underline hover:text-brand-800">
      {children}
    </a>
  ),
  table: ({ children }) => (
    <div className="my-3 overflow-x-auto">
      <table className="min-w-full border-collapse text-left text-sm">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border border-slate-200 bg-slate-50 px-3 py-1.5 font-semibold text-slate-900">{children}</th>,
  td: ({ children }) => <td className="border border-slate-200 px-3 py-1.5 align-top">{children}</td>,
  pre: ({ node, children }) => <CodeBlock code={textOf(node as HastNode | undefined).replace(/\n$/, '')}>{children}</CodeBlock>,
  code: ({ className, children }) =>
    className?.startsWith('language-') || String(children).includes('\n') ? (
      <code className={className}>{children}</code>
    ) : (
      <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800">{children}</code>
    ),
};

/**
 * A prompt's content (or a model's answer, `variables` off) as GitHub-flavoured Markdown. Raw HTML in the text is never rendered (no raw HTML
 * plugin), link targets are sanitised by react-markdown, and links open apart from the app.
 */
export function PromptMarkdown({ source, variables = true }: { source: string; variables?: boolean }) {
  return (
    <div className="text-sm leading-relaxed break-words text-slate-800" dir="auto">
      <Markdown remarkPlugins={variables ? [remarkGfm, remarkTemplateVariables] : [remarkGfm]} components={components} skipHtml>
        {protectEscapedBraces(source)}
      </Markdown>
    </div>
  );
}

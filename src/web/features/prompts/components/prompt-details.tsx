import type { FormField } from '../../../../shared/schemas/form-fields';
import { customFieldValueOf } from '../../../../shared/prompt-rules';
import type { Prompt } from '../../../../shared/schemas/prompts';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate } from '../../../lib/utils';
import { usesLabel } from './uses-label';
import { PromptContent } from '../markdown/prompt-content';
import { Chips } from './chips';
import { RelatedPrompts } from './related-prompts';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function customValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value === null || value === undefined ? '' : String(value);
}

/** The snippets the content includes (`{{> name}}`), as links, and why they cannot be expanded if so. */
function IncludedSnippets({ prompt }: { prompt: Prompt }) {
  if (!prompt.snippets.length && !prompt.snippetProblem) return null;
  return (
    <div className="-mt-3 space-y-2 text-sm">
      {prompt.snippets.length ? (
        <p className="text-slate-600">
          Includes {prompt.snippets.length === 1 ? 'the snippet' : 'the snippets'}{' '}
          {prompt.snippets.map((s, i) => (
            <span key={s.id}>
              {i ? ', ' : ''}
              <Link to={paths.snippet(s.id)} className="font-medium text-brand-700 hover:underline">
                {s.name}
              </Link>
            </span>
          ))}
          : Copy and Use give the text with them in place.
        </p>
      ) : null}
      {prompt.snippetProblem ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          {prompt.snippetProblem}
        </p>
      ) : null}
    </div>
  );
}

/** What the view dialog and the shareable page show: the content first, then who, where, when, tags, notes and custom fields. */
export function PromptDetails({ prompt, fields }: { prompt: Prompt; fields: FormField[] }) {
  const custom = fields.filter((f) => customValue(customFieldValueOf(prompt.customFields, f.name)) !== '');
  return (
    <div className="space-y-6">
      <p className="-mt-2 text-xs text-slate-500">
        Last edited by {`${prompt.lastEditor.firstName} ${prompt.lastEditor.lastName}`.trim() || 'a former member'}, {formatDate(prompt.updatedAt)}
      </p>
      <PromptContent source={prompt.content} />
      <IncludedSnippets prompt={prompt} />
      <dl className="space-y-3">
        <Row label="Employee">
          {prompt.user.firstName} {prompt.user.lastName}
        </Row>
        <Row label="Business Unit">{prompt.userBusinessUnit || '—'}</Row>
        <Row label="Date Added">{formatDate(prompt.createdAt)}</Row>
        <Row label="Uses">
          {usesLabel(prompt.useCount)}
          {prompt.lastUsedAt ? ` · you last used it on ${formatDate(prompt.lastUsedAt)}` : ''}
        </Row>
        <Row label="AI Applications">{prompt.aiModels.length ? <Chips values={prompt.aiModels} tone="blue" /> : '—'}</Row>
        <Row label="Tags">{prompt.tags.length ? <Chips values={prompt.tags} tone="brand" /> : '—'}</Row>
        {custom.map((f) => (
          <Row key={f.name} label={f.label}>
            {customValue(customFieldValueOf(prompt.customFields, f.name))}
          </Row>
        ))}
      </dl>
      {prompt.notes ? (
        <section aria-label="Notes">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Notes</h3>
          <p dir="auto" className="text-sm break-words whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">
            {prompt.notes}
          </p>
        </section>
      ) : null}
      <RelatedPrompts id={prompt.id} />
    </div>
  );
}

import { type ChangeObject, diffWordsWithSpace } from 'diff';
import { Fragment, useMemo } from 'react';
import type { PromptVersion } from '../../../../shared/schemas/prompts';
import { cn } from '../../../lib/utils';

/** Beyond this many edits a text diff stops, and the field is shown as replaced whole (bounded work). */
const MAX_EDIT_LENGTH = 4_000;

export interface DiffField {
  key: string;
  label: string;
}

type Value = string | string[] | null;

/**
 * What a diff compares: a saved version, or any prompt text of the same shape (a suggested edit against
 * the current text); custom fields may be left out.
 */
export type DiffState = Partial<Omit<PromptVersion, 'customFields'>> & { customFields?: PromptVersion['customFields'] };

/** A version's value of a field, as text or a list; custom fields as their stored value. */
function valueOf(version: DiffState, key: string): Value {
  if (key.startsWith('customFields.')) {
    const raw = version.customFields?.[key.slice('customFields.'.length)];
    if (Array.isArray(raw)) return raw.map(String);
    if (typeof raw === 'boolean') return raw ? 'Yes' : 'No';
    return raw === null || raw === undefined ? null : String(raw);
  }
  const raw = version[key as keyof DiffState];
  return Array.isArray(raw) ? raw.map(String) : raw === null || raw === undefined ? null : String(raw);
}

const REMOVED = 'rounded-sm bg-red-100 text-red-900 line-through decoration-red-400';
const ADDED = 'rounded-sm bg-emerald-100 text-emerald-900';

function Words({ parts, show }: { parts: ChangeObject<string>[]; show: 'old' | 'new' | 'both' }) {
  return (
    <>
      {parts.map((part, i) => {
        if (part.removed)
          return show === 'new' ? null : (
            <del key={i} className={REMOVED}>
              {part.value}
            </del>
          );
        if (part.added)
          return show === 'old' ? null : (
            <ins key={i} className={cn(ADDED, 'no-underline')}>
              {part.value}
            </ins>
          );
        return <Fragment key={i}>{part.value}</Fragment>;
      })}
    </>
  );
}

function TextDiff({ before, after, layout }: { before: string; after: string; layout: 'split' | 'unified' }) {
  const parts = useMemo(
    () =>
      diffWordsWithSpace(before, after, { maxEditLength: MAX_EDIT_LENGTH }) ?? [
        { value: before, removed: true, added: false, count: 1 },
        { value: after, added: true, removed: false, count: 1 },
      ],
    [before, after],
  );
  const box =
    'min-w-0 rounded-md border border-slate-200 bg-white p-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]';
  if (layout === 'unified') {
    return (
      <div className={box} dir="auto">
        <Words parts={parts} show="both" />
      </div>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className={box} dir="auto" aria-label="Before">
        <Words parts={parts} show="old" />
      </div>
      <div className={box} dir="auto" aria-label="After">
        <Words parts={parts} show="new" />
      </div>
    </div>
  );
}

function ListDiff({ before, after }: { before: string[]; after: string[] }) {
  const removed = before.filter((v) => !after.includes(v));
  const added = after.filter((v) => !before.includes(v));
  const kept = after.filter((v) => before.includes(v));
  const chip = 'rounded-full px-2 py-0.5 text-xs font-medium';
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="List changes">
      {removed.map((v) => (
        <li key={`-${v}`} className={cn(chip, REMOVED)}>
          <span className="sr-only">Removed: </span>
          {v}
        </li>
      ))}
      {added.map((v) => (
        <li key={`+${v}`} className={cn(chip, ADDED)}>
          <span className="sr-only">Added: </span>+ {v}
        </li>
      ))}
      {kept.map((v) => (
        <li key={`=${v}`} className={cn(chip, 'bg-slate-100 text-slate-600')}>
          {v}
        </li>
      ))}
    </ul>
  );
}

/**
 * What changed between two versions, field by field: words added and removed in text fields (side by
 * side, or in one column on narrow screens), values added and removed in lists.
 */
export function VersionDiff({
  before,
  after,
  fields,
  layout,
  sameText = 'These two versions are the same.',
}: {
  before: DiffState;
  after: DiffState;
  fields: DiffField[];
  layout: 'split' | 'unified';
  /** Said when nothing differs. */
  sameText?: string;
}) {
  const changed = fields.filter((f) => JSON.stringify(valueOf(before, f.key)) !== JSON.stringify(valueOf(after, f.key)));
  if (changed.length === 0) return <p className="text-sm text-slate-500">{sameText}</p>;
  return (
    <div className="space-y-5">
      {changed.map((f) => {
        const a = valueOf(before, f.key);
        const b = valueOf(after, f.key);
        return (
          <section key={f.key} aria-label={`Changes to ${f.label}`} className="space-y-2">
            <h4 className="text-sm font-semibold text-slate-900">{f.label}</h4>
            {Array.isArray(a) || Array.isArray(b) ? (
              <ListDiff before={Array.isArray(a) ? a : []} after={Array.isArray(b) ? b : []} />
            ) : (
              <TextDiff before={a ?? ''} after={b ?? ''} layout={layout} />
            )}
          </section>
        );
      })}
    </div>
  );
}

import { useId, useState } from 'react';
import type { FilterGroup as FilterGroupName, FilterValue } from '../../../../shared/schemas/catalog';
import { Input } from '../../../components/ui/input';
import { type FilterScope, useFilterValues } from '../api/prompt-queries';
import { useDebouncedValue } from '../../../lib/text-input';
import { plural } from '../../../../shared/plural';

/** Above this many values a group gets its own filter box. */
export const FILTER_BOX_THRESHOLD = 10;

/** Selected values first (in the order they were chosen), then the others as given (most used first). */
export function selectedFirst(values: FilterValue[], selected: string[]): FilterValue[] {
  const byValue = new Map(values.map((v) => [v.value, v]));
  const chosen = selected.map((value) => byValue.get(value) ?? { value, count: 0 });
  const chosenSet = new Set(selected);
  return [...chosen, ...values.filter((v) => !chosenSet.has(v.value))];
}

const matches = (value: string, text: string) => value.toLocaleLowerCase().includes(text.toLocaleLowerCase());

/**
 * One filter group: checkboxes with a count beside each value. The server sends a group's most used
 * values (plus the selected ones); when the group holds more, typing in its filter box asks the server
 * for the others, so 5,000 tags cost the page no more than 50.
 */
export function FilterGroup({
  title,
  noun,
  group,
  values,
  total,
  selected,
  onChange,
  scope,
}: {
  title: string;
  /** Plural, lower case: "tags", "business units", "AI applications". */
  noun: string;
  group: FilterGroupName;
  values: FilterValue[];
  total: number;
  selected: string[];
  onChange: (v: string[]) => void;
  scope: FilterScope;
}) {
  const legendId = useId();
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim(), 250);
  const allHere = total <= values.length;
  const remote = useFilterValues(group, typed, scope, Boolean(typed) && !allHere);
  const searching = Boolean(text.trim());

  let shown: FilterValue[];
  if (!searching) shown = selectedFirst(values, selected);
  else if (allHere || !remote.data) shown = values.filter((v) => matches(v.value, text.trim()));
  else shown = remote.data.values;
  if (searching)
    shown = selectedFirst(
      shown,
      selected.filter((s) => matches(s, text.trim())),
    );

  const toggle = (value: string, on: boolean) => onChange(on ? [...selected, value] : selected.filter((v) => v !== value));

  return (
    <fieldset className="space-y-2" aria-labelledby={legendId}>
      <legend id={legendId} className="px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </legend>
      {total > FILTER_BOX_THRESHOLD ? (
        <Input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={`Filter ${noun}…`}
          placeholder={`Filter ${noun}…`}
          className="h-8 text-sm"
        />
      ) : null}
      {values.length === 0 && !searching ? (
        <p className="px-1 text-xs text-slate-500">Nothing to filter yet</p>
      ) : shown.length === 0 ? (
        <p className="px-1 text-xs text-slate-500" role="status">
          No {noun} match “{text.trim()}”
        </p>
      ) : (
        <div className="max-h-60 space-y-1.5 overflow-y-auto px-1 py-0.5">
          {shown.map(({ value, count }) => (
            // A native checkbox drawn like the kit's (the `select-box` style): the panel is on the first
            // screen, where the Radix checkbox's code would cost more than the whole panel.
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="select-box" checked={selected.includes(value)} onChange={(e) => toggle(value, e.target.checked)} />
              <span className="line-clamp-2 min-w-0 flex-1 break-words" title={value} dir="auto">
                {value}
              </span>
              <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                <span className="sr-only">, </span>
                {count.toLocaleString('en-US')}
                <span className="sr-only"> {plural(count, 'prompt')}</span>
              </span>
            </label>
          ))}
        </div>
      )}
      {!searching && total > values.length ? (
        <p className="px-1 text-xs text-slate-500">
          The {values.length.toLocaleString('en-US')} most used of {total.toLocaleString('en-US')}: type to find others.
        </p>
      ) : null}
    </fieldset>
  );
}

import * as TabsPrimitive from '@radix-ui/react-tabs';
import { Braces, ChevronDown } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MAX_LONG_TEXT_LENGTH } from '../../../../shared/constants';
import { parseTemplate, templateVariables } from '../../../../shared/template-variables';
import type { ControlProps } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { MenuButton, MenuItem, MenuSeparator } from '../../../components/ui/menu-button';
import { cn } from '../../../lib/utils';
import { plural } from '../../../../shared/plural';

// The Markdown renderer loads only when someone opens the Preview tab.
const PromptMarkdown = lazy(() => import('../markdown/prompt-markdown').then((m) => ({ default: m.PromptMarkdown })));

/** What "Insert variable" offers: the text to insert and the part of it to select (the name to type over). */
const INSERTABLE = [
  { label: 'Text variable', text: '{{name}}', select: [2, 6] },
  { label: 'Choice variable', text: '{{choice:option one|option two}}', select: [2, 8] },
  null,
  { label: "Today's date", text: '{{current_date}}' },
  { label: "The member's name", text: '{{current_user}}' },
  { label: "The member's business unit", text: '{{business_unit}}' },
] as const;

/** The editor grows with its text up to this share of the window, then scrolls. */
const MAX_HEIGHT_SHARE = 0.7;
const MIN_HEIGHT_PX = 200;

interface Props {
  control: ControlProps;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  placeholder?: string;
  /** react-hook-form's ref, so that a failed validation focuses the editor. */
  fieldRef: (el: HTMLTextAreaElement | null) => void;
}

/**
 * Behind the transparent text area, the same text with each variable marked: the marks show through
 * at exactly the variables' places because both layers share font, padding, wrapping and scrolling.
 */
function VariableBackdrop({ text, scrollTop }: { text: string; scrollTop: number }) {
  const parts = useMemo(() => parseTemplate(text), [text]);
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 overflow-hidden rounded-md border border-transparent px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-transparent [scrollbar-gutter:stable]"
    >
      <div style={{ transform: `translateY(${-scrollTop}px)` }}>
        {parts.map((part, i) =>
          part.kind === 'text' ? (
            part.text
          ) : (
            <mark key={i} className="rounded-sm bg-amber-200/70 text-transparent">
              {part.raw}
            </mark>
          ),
        )}
        {/* A final line break needs a character after it to take up its line, as it does in the text area. */}
        {'\u200b'}
      </div>
    </div>
  );
}

/**
 * The prompt content editor: Write and Preview tabs (the Markdown the prompt page shows), a text area
 * that grows with its text, variables highlighted, "Insert variable", and a character count. Tab keeps
 * moving focus to the next control, as everywhere else in the form.
 */
export function PromptContentEditor({ control, value, onChange, onBlur, placeholder, fieldRef }: Props) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [scrollTop, setScrollTop] = useState(0);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const variables = useMemo(() => templateVariables(value), [value]);

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    const max = Math.max(MIN_HEIGHT_PX, Math.round(window.innerHeight * MAX_HEIGHT_SHARE));
    el.style.height = `${Math.min(Math.max(el.scrollHeight + 2, MIN_HEIGHT_PX), max)}px`;
  }, [value, tab]);

  // Where to put the selection once an insertion has rendered (set in the layout effect below).
  const pendingSelection = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const el = area.current;
    const selection = pendingSelection.current;
    if (!el || !selection) return;
    pendingSelection.current = null;
    el.focus();
    el.setSelectionRange(...selection);
  }, [value, tab]);

  /** Inserts `text` at the caret (replacing a selection), then selects its `select` part for typing over. */
  const insert = (text: string, select?: readonly [number, number]) => {
    const el = area.current;
    const current = el?.value ?? value;
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? start;
    const [from, to] = select ?? [text.length, text.length];
    pendingSelection.current = [start + from, start + to];
    setTab('write');
    onChange(current.slice(0, start) + text + current.slice(end));
    el?.focus();
  };

  return (
    <TabsPrimitive.Root value={tab} onValueChange={(v) => setTab(v as 'write' | 'preview')}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <TabsPrimitive.List aria-label="Editor mode" className="inline-flex rounded-md bg-slate-100 p-0.5">
          {(['write', 'preview'] as const).map((t) => (
            <TabsPrimitive.Trigger
              key={t}
              value={t}
              className="rounded px-3 py-1 text-xs font-medium text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
            >
              {t === 'write' ? 'Write' : 'Preview'}
            </TabsPrimitive.Trigger>
          ))}
        </TabsPrimitive.List>
        <MenuButton
          trigger={
            <>
              <Braces className="h-4 w-4" aria-hidden="true" /> Insert variable <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />
            </>
          }
          triggerClassName="inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
        >
          {INSERTABLE.map((item, i) =>
            item ? (
              <MenuItem key={item.text} onSelect={() => insert(item.text, 'select' in item ? item.select : undefined)}>
                <span className="flex w-full items-center justify-between gap-4">
                  {item.label} <code className="text-xs text-slate-500">{item.text.length > 18 ? `${item.text.slice(0, 16)}…` : item.text}</code>
                </span>
              </MenuItem>
            ) : (
              <MenuSeparator key={`separator-${i}`} />
            ),
          )}
        </MenuButton>
      </div>
      {/* Not a tab stop of its own: the text area inside it is the next one. */}
      <TabsPrimitive.Content value="write" tabIndex={-1} className="focus-visible:outline-none">
        <div className="relative rounded-md bg-white">
          <VariableBackdrop text={value} scrollTop={scrollTop} />
          <Textarea
            {...control}
            ref={(el) => {
              area.current = el;
              fieldRef(el);
            }}
            dir="auto"
            value={value}
            placeholder={placeholder}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
            className="relative resize-none overflow-y-auto bg-transparent [scrollbar-gutter:stable]"
            style={{ minHeight: MIN_HEIGHT_PX }}
          />
        </div>
      </TabsPrimitive.Content>
      <TabsPrimitive.Content value="preview" className="focus-visible:outline-2 focus-visible:outline-brand-600">
        <div className="min-h-[12rem] rounded-md border border-slate-200 bg-white p-4" aria-label="Rendered preview" role="region">
          {value.trim() ? (
            <Suspense fallback={<p className="text-sm text-slate-500">Loading preview...</p>}>
              <PromptMarkdown source={value} />
            </Suspense>
          ) : (
            <p className="text-sm text-slate-500">Nothing to preview yet.</p>
          )}
        </div>
      </TabsPrimitive.Content>
      <p className={cn('mt-1.5 flex flex-wrap justify-between gap-x-4 text-xs text-slate-500')}>
        <span>
          {variables.length === 0
            ? 'Variables: write {{name}} for a value to fill in when the prompt is used.'
            : `${variables.length} ${plural(variables.length, 'variable')}: ${variables.map((v) => v.name).join(', ')}`}
        </span>
        <span className={cn('tabular-nums', value.length > MAX_LONG_TEXT_LENGTH && 'font-medium text-red-600')}>
          {value.length.toLocaleString('en-US')} / {MAX_LONG_TEXT_LENGTH.toLocaleString('en-US')} characters
        </span>
      </p>
    </TabsPrimitive.Root>
  );
}

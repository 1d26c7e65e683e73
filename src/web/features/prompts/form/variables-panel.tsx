import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { type FieldErrors, type UseFormReturn, useWatch } from 'react-hook-form';
import { includedSnippetNames } from '../../../../shared/snippets';
import { isBuiltin, templateVariables } from '../../../../shared/template-variables';
import { VARIABLE_TYPES, type VariableDefinition, type VariableType, type VariableValue } from '../../../../shared/variable-definitions';
import { Checkbox } from '../../../components/ui/checkbox';
import { ErrorBox } from '../../../components/ui/error-box';
import { type ControlProps, FormField } from '../../../components/ui/form-field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { type PromptFormValues, sentDefinitions } from './use-prompt-form-state';
import { useSnippetVariables } from './use-snippet-variables';

const TYPE_LABELS: Record<VariableType, string> = {
  text: 'Text',
  longText: 'Long text',
  choice: 'Choice',
  multiChoice: 'Multiple choice',
  number: 'Number',
  date: 'Date',
  checkbox: 'Checkbox',
};

const list = (text: string) =>
  text
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/** Every message under the definitions' errors (each definition's, and the list's own). */
function messagesOf(errors: FieldErrors | undefined): string[] {
  if (!errors) return [];
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string') found.push(message);
    for (const [key, value] of Object.entries(node)) if (key !== 'ref' && key !== 'message') walk(value);
  };
  walk(errors);
  return [...new Set(found)];
}

/**
 * A comma-separated list typed freely: the text is the field's own (a comma just typed stays), and the
 * list it reads as is passed on; a list changed from outside (a reset) replaces the text.
 */
function ListInput({ control, values, onChange }: { control?: ControlProps; values: readonly string[]; onChange: (values: string[]) => void }) {
  const [text, setText] = useState(values.join(', '));
  // While the member types, the list read from the text is the list held: only a change from outside differs.
  if (list(text).join('\n') !== values.join('\n')) setText(values.join(', '));
  return (
    <Input
      {...control}
      value={text}
      placeholder="Separated by commas"
      onChange={(e) => {
        setText(e.target.value);
        onChange(list(e.target.value));
      }}
    />
  );
}

/** The default's control, by type: a list's option, checked or not, a number, a date, or text. */
function DefaultInput({ def, control, onChange }: { def: VariableDefinition; control: ControlProps; onChange: (value: VariableValue | undefined) => void }) {
  const text = def.default === undefined ? '' : Array.isArray(def.default) ? def.default.join(', ') : String(def.default);
  if (def.type === 'choice') {
    return (
      <NativeSelect {...control} value={text} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">The first option</option>
        {(def.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </NativeSelect>
    );
  }
  if (def.type === 'checkbox') {
    return (
      <NativeSelect {...control} value={def.default === true ? 'on' : 'off'} onChange={(e) => onChange(e.target.value === 'on')}>
        <option value="off">Unchecked</option>
        <option value="on">Checked</option>
      </NativeSelect>
    );
  }
  if (def.type === 'number') {
    return <Input {...control} type="number" value={text} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.valueAsNumber)} />;
  }
  if (def.type === 'multiChoice') return <ListInput control={control} values={Array.isArray(def.default) ? def.default : []} onChange={onChange} />;
  return <Input {...control} type={def.type === 'date' ? 'date' : 'text'} value={text} onChange={(e) => onChange(e.target.value || undefined)} />;
}

/** One variable's definition, behind a button that names it and its type. */
function VariableEditor({ def, onChange }: { def: VariableDefinition; onChange: (def: VariableDefinition) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const takesOptions = def.type === 'choice' || def.type === 'multiChoice' || def.type === 'checkbox';
  const set = (change: Partial<VariableDefinition>) => onChange({ ...def, ...change });
  return (
    <li className="rounded-lg border border-slate-200 bg-white">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-50"
      >
        <span className="min-w-0 font-mono [overflow-wrap:anywhere] text-slate-900" dir="auto">{`{{${def.name}}}`}</span>
        <span className="flex shrink-0 items-center gap-2 text-slate-600">
          {TYPE_LABELS[def.type]}
          {def.required ? ', required' : ''}
          <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </span>
      </button>
      <div id={panelId} hidden={!open} className="grid gap-3 border-t border-slate-100 p-3 sm:grid-cols-2">
        <FormField label="Type">
          <NativeSelect
            value={def.type}
            onChange={(e) => {
              const type = e.target.value as VariableType;
              // A default of another type would not fit: it goes with the change.
              onChange({
                ...def,
                type,
                default: undefined,
                options: type === 'choice' || type === 'multiChoice' || type === 'checkbox' ? def.options : undefined,
              });
            }}
          >
            {VARIABLE_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Label" hint="What the person filling it in reads; the name when left empty.">
          <Input value={def.label ?? ''} maxLength={100} onChange={(e) => set({ label: e.target.value || undefined })} />
        </FormField>
        <FormField label="Description" className="sm:col-span-2">
          <Input value={def.description ?? ''} maxLength={500} onChange={(e) => set({ description: e.target.value || undefined })} />
        </FormField>
        {takesOptions ? (
          <FormField
            label={def.type === 'checkbox' ? 'Words for checked and unchecked' : 'Options'}
            hint={def.type === 'checkbox' ? 'Two words separated by a comma; "yes, no" when left empty.' : 'Separated by commas.'}
          >
            {(control) => (
              <ListInput
                control={control}
                values={def.options ?? []}
                onChange={(options) => set({ options: options.length ? options : undefined, default: def.type === 'checkbox' ? def.default : undefined })}
              />
            )}
          </FormField>
        ) : null}
        <FormField label="Default">{(control) => <DefaultInput def={def} control={control} onChange={(value) => set({ default: value })} />}</FormField>
        <Checkbox label="Required" checked={def.required === true} onCheckedChange={(on) => set({ required: on || undefined })} className="sm:col-span-2" />
      </div>
    </li>
  );
}

/**
 * "Variables", under the content: each `{{variable}}` the content holds, as it is typed (and those of
 * the snippets it includes, asked of the server as they are added), with what it
 * is (a type, a label, a description, a default, required or not, a choice's options). A definition
 * whose variable left the content is dropped on save, and the panel says so first.
 */
export function VariablesPanel({ form }: { form: UseFormReturn<PromptFormValues> }) {
  const [content = '', definitions = [], snippetVariables = []] = useWatch({
    control: form.control,
    name: ['content', 'variableDefinitions', 'snippetVariables'],
  });
  const { problem } = useSnippetVariables(form);
  const own = templateVariables(content).filter((v) => !v.builtin);
  // The variables of the snippets it includes: theirs to define here too.
  const fromSnippets = includedSnippetNames(content).length
    ? snippetVariables.filter((name) => !isBuiltin(name) && !own.some((v) => v.name === name)).map((name) => ({ name, options: undefined }))
    : [];
  const variables = [...own, ...fromSnippets];
  const sent = sentDefinitions(content, definitions, snippetVariables);
  const dropped = definitions.filter((d) => !sent.includes(d)).map((d) => d.name);
  const errors = messagesOf(form.formState.errors.variableDefinitions as FieldErrors | undefined);
  if (!variables.length && !dropped.length && !problem) return null;
  const definitionOf = (name: string, options?: string[]): VariableDefinition =>
    definitions.find((d) => d.name === name) ?? { name, type: options ? 'choice' : 'text', ...(options ? { options } : {}) };
  const change = (def: VariableDefinition) => {
    const next = definitions.some((d) => d.name === def.name) ? definitions.map((d) => (d.name === def.name ? def : d)) : [...definitions, def];
    form.setValue('variableDefinitions', next, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <section aria-labelledby="variables-heading" className="space-y-2">
      <div>
        <h2 id="variables-heading" className="text-sm font-medium text-slate-800">
          Variables
        </h2>
        <p className="text-xs text-slate-600">How each variable is filled in when the prompt is used.</p>
      </div>
      {variables.length ? (
        <ul className="space-y-2">
          {variables.map((v) => (
            <VariableEditor key={v.name} def={definitionOf(v.name, v.options)} onChange={change} />
          ))}
        </ul>
      ) : null}
      {problem ? (
        <ErrorBox tone="warning" compact>
          <p>{problem}</p>
        </ErrorBox>
      ) : null}
      {dropped.length ? (
        <ErrorBox tone="warning" compact>
          <p>
            The content no longer has {dropped.map((n) => `{{${n}}}`).join(', ')}: {dropped.length === 1 ? 'its definition is' : 'their definitions are'}{' '}
            dropped when you save.
          </p>
        </ErrorBox>
      ) : null}
      {errors.length ? (
        <ErrorBox compact>
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </ErrorBox>
      ) : null}
    </section>
  );
}

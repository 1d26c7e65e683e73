import type { PromptVariable, VariableValue } from '../../../../shared/variable-definitions';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';

interface FieldProps {
  variable: PromptVariable;
  value: VariableValue | undefined;
  error?: string | undefined;
  onChange: (value: VariableValue) => void;
}

/** A multiple choice: one box per option, under the variable's name. */
function OptionBoxes({ variable, value, error, onChange }: FieldProps) {
  const chosen = Array.isArray(value) ? value : [];
  const label = variable.label || variable.name;
  const errorId = `variable-${variable.name}-error`;
  return (
    <fieldset className="space-y-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800" dir="auto">
        {label}
        {variable.required ? (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      {variable.description ? <p className="text-xs text-slate-600">{variable.description}</p> : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {(variable.options ?? []).map((option) => (
          <Checkbox
            key={option}
            label={option}
            checked={chosen.includes(option)}
            invalid={Boolean(error)}
            onCheckedChange={(on) => onChange(on ? [...chosen, option] : chosen.filter((o) => o !== option))}
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The runner's control for one variable, by its type: text, long text, a list, boxes, a number, a date or a checkbox. */
export function VariableField(props: FieldProps) {
  const { variable: v, value, error, onChange } = props;
  if (v.type === 'multiChoice') return <OptionBoxes {...props} />;
  const label = v.label || v.name;
  if (v.type === 'checkbox') {
    return (
      <div className="space-y-1">
        <Checkbox label={<span dir="auto">{label}</span>} checked={value === true} onCheckedChange={(on) => onChange(on)} />
        {v.description ? <p className="text-xs text-slate-600">{v.description}</p> : null}
      </div>
    );
  }
  const hint = v.builtin ? 'Filled in for you; change it if you like.' : v.description;
  const text = value === undefined ? '' : String(value);
  return (
    <FormField label={<span dir="auto">{label}</span>} hint={hint} error={error} required={v.required}>
      {(control) => {
        switch (v.type) {
          case 'choice':
            return (
              <NativeSelect {...control} value={text} onChange={(e) => onChange(e.target.value)}>
                {(v.options ?? []).map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </NativeSelect>
            );
          case 'number':
            return (
              <Input
                {...control}
                type="number"
                inputMode="decimal"
                value={text}
                // An empty or half-typed number is kept as text: the check before Copy names it.
                onChange={(e) => onChange(e.target.value === '' || Number.isNaN(e.target.valueAsNumber) ? e.target.value : e.target.valueAsNumber)}
              />
            );
          case 'date':
            return <Input {...control} type="date" value={text} onChange={(e) => onChange(e.target.value)} />;
          case 'longText':
            return <Textarea {...control} rows={4} dir="auto" value={text} onChange={(e) => onChange(e.target.value)} />;
          default:
            return <Textarea {...control} rows={2} dir="auto" value={text} onChange={(e) => onChange(e.target.value)} />;
        }
      }}
    </FormField>
  );
}

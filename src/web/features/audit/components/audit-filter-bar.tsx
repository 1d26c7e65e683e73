import { Download, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TARGET_LABELS, AUDIT_TARGET_TYPES, type AuditAction } from '../../../../shared/schemas/audit';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { type ControlProps, FormField } from '../../../components/ui/form-field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { useEchoTolerantText } from '../../../lib/text-input';
import type { AuditFilterName, AuditFilterValues } from '../hooks/use-audit-filters';

interface Props {
  values: AuditFilterValues;
  onChange: (name: AuditFilterName, value: string) => void;
  /** Shown only while some filter is set. */
  onClear?: () => void;
  onExport: () => void;
  exporting: boolean;
  /** The server's message per filter, when it refused them. */
  errors?: Record<string, string>;
  /** The number of matching events, beside the buttons. */
  count: ReactNode;
}

/** The actions under headings by what they act on, in the contract's order ("Business units": created, renamed, deleted). */
const GROUP_LABELS: Record<string, string> = {
  auth: 'Sign-in and passwords',
  user: 'Users',
  business_unit: 'Business units',
  form_field: 'Form fields',
  ai_application: 'AI applications',
  data: 'Data',
  backup: 'Data',
  prompt: 'Prompts',
  tag: 'Tags',
};
const ACTION_GROUPS = new Map<string, AuditAction[]>();
for (const action of AUDIT_ACTIONS) {
  const group = GROUP_LABELS[action.split('.')[0]!] ?? 'Other';
  ACTION_GROUPS.set(group, [...(ACTION_GROUPS.get(group) ?? []), action]);
}

/** The actor box: its text survives the URL catching up with a fast typist (see useEchoTolerantText). */
function ActorInput({ value, onChange, ...control }: ControlProps & { value: string; onChange: (v: string) => void }) {
  const [text, change] = useEchoTolerantText(value, onChange);
  return (
    <Input
      {...control}
      type="search"
      autoComplete="off"
      spellCheck={false}
      placeholder="Email or account id"
      value={text}
      onChange={(e) => change(e.target.value)}
    />
  );
}

/** Actor, action, target and a range of days, with Clear filters and Export CSV under them. */
export function AuditFilterBar({ values, onChange, onClear, onExport, exporting, errors = {}, count }: Props) {
  return (
    <Card className="mb-4 p-4">
      {/*
        The two days side by side under the others on a phone, two per row on a tablet, then actor,
        action and target over the two days, then all five in a row.
      */}
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-6 xl:grid-cols-[minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,0.9fr)_minmax(0,0.9fr)]">
        <FormField label="Actor" error={errors.actor} className="col-span-2 xl:col-span-1">
          {(control) => <ActorInput {...control} value={values.actor} onChange={(v) => onChange('actor', v)} />}
        </FormField>
        <FormField label="Action" error={errors.action} className="col-span-2 sm:col-span-1 lg:col-span-2 xl:col-span-1">
          <NativeSelect value={values.action} onChange={(e) => onChange('action', e.target.value)}>
            <option value="">All actions</option>
            {[...ACTION_GROUPS].map(([group, actions]) => (
              <optgroup key={group} label={group}>
                {actions.map((a) => (
                  <option key={a} value={a}>
                    {AUDIT_ACTION_LABELS[a]}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Target" error={errors.targetType} className="col-span-2 sm:col-span-1 lg:col-span-2 xl:col-span-1">
          <NativeSelect value={values.targetType} onChange={(e) => onChange('targetType', e.target.value)}>
            <option value="">All targets</option>
            {AUDIT_TARGET_TYPES.map((t) => (
              <option key={t} value={t}>
                {AUDIT_TARGET_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="From" error={errors.from} className="min-w-0 lg:col-span-3 xl:col-span-1">
          <Input type="date" value={values.from} onChange={(e) => onChange('from', e.target.value)} />
        </FormField>
        <FormField label="To" error={errors.to} className="min-w-0 lg:col-span-3 xl:col-span-1">
          <Input type="date" value={values.to} onChange={(e) => onChange('to', e.target.value)} />
        </FormField>
      </div>
      <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          {/* Sign-ins and sign-outs are most of a busy log: hiding them leaves the changes (failed sign-ins stay). */}
          <Checkbox
            label="Hide sign-ins and sign-outs"
            checked={values.hideSignIns === 'true'}
            onCheckedChange={(on) => onChange('hideSignIns', on ? 'true' : '')}
          />
          <p className="text-sm text-slate-600" aria-live="polite">
            {count}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {onClear ? (
            <Button variant="ghost" onClick={onClear}>
              <X className="h-4 w-4" aria-hidden="true" /> Clear filters
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onExport} disabled={exporting}>
            <Download className="h-4 w-4" aria-hidden="true" /> {exporting ? 'Preparing...' : 'Export CSV'}
          </Button>
        </div>
      </div>
    </Card>
  );
}

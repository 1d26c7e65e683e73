import { IMPORT_CONFLICT_POLICIES, type ImportConflictPolicy } from '../../../../shared/schemas/import';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import { useAiModelCatalog } from '../api/ai-models';
import type { ImportOptions as Options } from '../api/import-prompts';

const CONFLICT_LABELS: Record<ImportConflictPolicy, string> = {
  skip: 'Skip it',
  overwrite: 'Overwrite it (keeps a version)',
  copy: 'Import as a copy “Title (2)”',
};
const OWNER_POLICIES = ['assign', 'refuse'] as const;
const OWNER_LABELS: Record<Options['unknownOwners'], string> = { assign: 'Make me the owner', refuse: 'Refuse the row' };

function RadioCards<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  labels,
  disabled,
  columns,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  labels: Record<T, string>;
  disabled: boolean;
  columns: string;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className={cn('grid gap-2', columns)}>
        {options.map((o) => (
          <label
            key={o}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70',
              value === o ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
            )}
          >
            <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} className="shrink-0 accent-brand-600" />
            {labels[o]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What to do with clashing titles, unknown owners, and rows that name no AI application. */
export function ImportOptionsFields({ value, onChange, disabled }: { value: Options; onChange: (next: Options) => void; disabled: boolean }) {
  const catalog = useAiModelCatalog();
  const set = <K extends keyof Options>(key: K, v: Options[K]) => onChange({ ...value, [key]: v });
  // A name chosen before a rename elsewhere stays listed, so the select never shows a value it lacks.
  const names = catalog.data?.map((m) => m.name) ?? [];
  if (value.aiModel && !names.includes(value.aiModel)) names.unshift(value.aiModel);

  return (
    <>
      <RadioCards
        legend="When a prompt with the same owner and title exists"
        name="onConflict"
        options={IMPORT_CONFLICT_POLICIES}
        value={value.onConflict}
        onChange={(v) => set('onConflict', v)}
        labels={CONFLICT_LABELS}
        disabled={disabled}
        columns="sm:grid-cols-3"
      />
      <RadioCards
        legend="When the owner's email has no account"
        name="unknownOwners"
        options={OWNER_POLICIES}
        value={value.unknownOwners}
        onChange={(v) => set('unknownOwners', v)}
        labels={OWNER_LABELS}
        disabled={disabled}
        columns="sm:grid-cols-3"
      />
      <FormField
        label="AI application for files that name none"
        hint={
          catalog.isError
            ? 'The list of AI applications could not be loaded; reload the page to try again.'
            : 'Optional. The prompts.chat CSV names no application, so its prompts get the one chosen here.'
        }
        className="sm:max-w-sm"
      >
        <NativeSelect value={value.aiModel} onChange={(e) => set('aiModel', e.target.value)} disabled={disabled}>
          <option value="">None</option>
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </>
  );
}

import { IMPORT_CONFLICT_POLICIES, type ImportConflictPolicy } from '../../../../shared/schemas/import';
import { SIMILARITY_THRESHOLD } from '../../../../shared/schemas/similar';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import { useCurrentUser } from '../../../lib/current-user';
import { useAiApplications } from '../../../lib/use-ai-applications';
import { useImportBusinessUnits, useImportOwners } from '../api/owners';
import type { ImportOptions as Options } from '../api/import-prompts';

const CONFLICT_LABELS: Record<ImportConflictPolicy, string> = {
  skip: 'Skip it',
  overwrite: 'Overwrite it (keeps a version)',
  copy: 'Import as a copy “Title (2)”',
};
const OWNER_POLICIES = ['assign', 'refuse'] as const;
const OWNER_LABELS: Record<Options['unknownOwners'], string> = { assign: 'Give the prompt to the owner chosen above', refuse: 'Refuse the row' };

function RadioCards<T extends string>({
  id,
  legend,
  name,
  options,
  value,
  onChange,
  labels,
  disabled,
  columns,
}: {
  /** For a reported problem to point to (its first choice takes the focus). */
  id?: string;
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
    <fieldset id={id} disabled={disabled}>
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

/** The ids of the controls a reported problem can point to (see import-problems.tsx). */
export const FIX_CONTROL_IDS = { aiModel: 'import-ai-model', unknownOwners: 'import-unknown-owners', skipSimilar: 'import-skip-similar' } as const;

/** "Ida Importer (ida@example.com)": names can repeat, emails cannot. */
const personLabel = (u: { firstName: string; lastName: string; email: string }) => `${`${u.firstName} ${u.lastName}`.trim()} (${u.email})`;

/**
 * What to do with clashing titles and unknown owners, who owns the prompts and in which business unit,
 * and, for a file that names no AI application, which one its prompts are for (required then).
 */
export function ImportOptionsFields({
  value,
  onChange,
  disabled,
  needsAiModel,
}: {
  value: Options;
  onChange: (next: Options) => void;
  disabled: boolean;
  /** The chosen file has no place for AI applications (prompts.chat): its prompts get the one chosen here. */
  needsAiModel: boolean;
}) {
  // The catalog, for the files whose rows name no AI application (prompts.chat).
  const catalog = useAiApplications();
  const me = useCurrentUser().data;
  const people = useImportOwners();
  const units = useImportBusinessUnits();
  const set = <K extends keyof Options>(key: K, v: Options[K]) => onChange({ ...value, [key]: v });
  // A name chosen before a rename elsewhere stays listed, so the select never shows a value it lacks.
  const names = catalog.data?.map((m) => m.name) ?? [];
  if (value.aiModel && !names.includes(value.aiModel)) names.unshift(value.aiModel);
  const owners = [...(people.data ?? [])].sort((a, b) => personLabel(a).localeCompare(personLabel(b), 'en', { sensitivity: 'base' }));
  const ownerId = value.owner || me?.id || '';
  const owner = owners.find((u) => u.id === ownerId) ?? (me?.id === ownerId ? me : undefined);
  if (owner && !owners.some((u) => u.id === owner.id)) owners.unshift({ ...owner, promptCount: 0 });
  const unitNames = (units.data ?? []).map((u) => u.name);
  if (value.businessUnit && !unitNames.includes(value.businessUnit)) unitNames.unshift(value.businessUnit);

  return (
    <>
      {needsAiModel ? (
        <FormField
          label="AI application for this file"
          required
          id={FIX_CONTROL_IDS.aiModel}
          error={catalog.isSuccess && names.length === 0 ? 'The catalog has no AI application: add one on the AI Applications screen first.' : undefined}
          hint={
            catalog.isError
              ? 'The list of AI applications could not be loaded; reload the page to try again.'
              : 'This file names no AI application, so each of its prompts gets the one chosen here (preselected: the one most prompts in the library use).'
          }
          className="sm:max-w-md"
        >
          <NativeSelect value={value.aiModel} onChange={(e) => set('aiModel', e.target.value)} disabled={disabled} required>
            {value.aiModel ? null : <option value="">Choose an AI application</option>}
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Owner of the imported prompts" hint="For rows that name no owner, and owners without an account if so chosen below.">
          <NativeSelect value={ownerId} onChange={(e) => set('owner', e.target.value === me?.id ? '' : e.target.value)} disabled={disabled || !owners.length}>
            {owners.map((u) => (
              <option key={u.id} value={u.id}>
                {u.id === me?.id ? `Me: ${personLabel(u)}` : personLabel(u)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Business unit of the imported prompts" hint="For rows that name no business unit.">
          <NativeSelect value={value.businessUnit} onChange={(e) => set('businessUnit', e.target.value)} disabled={disabled}>
            <option value="">{owner?.businessUnit ? `The owner's unit (${owner.businessUnit})` : "The owner's unit"}</option>
            {unitNames.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
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
      <Checkbox
        id={FIX_CONTROL_IDS.skipSimilar}
        label="Skip rows that nearly copy a prompt already in the library"
        describedBy="import-skip-similar-hint"
        checked={value.skipSimilar}
        onCheckedChange={(v) => set('skipSimilar', v)}
        disabled={disabled}
      />
      <p id="import-skip-similar-hint" className="-mt-4 pl-6 text-xs text-slate-600">
        A row whose content is at least {Math.round(SIMILARITY_THRESHOLD * 100)} % like an existing prompt&apos;s. The check lists them either way.
      </p>
      <Checkbox
        id="import-convert-placeholders"
        label="Turn other tools’ placeholders into variables"
        describedBy="import-convert-placeholders-hint"
        checked={value.convertPlaceholders}
        onCheckedChange={(v) => set('convertPlaceholders', v)}
        disabled={disabled}
      />
      <p id="import-convert-placeholders-hint" className="-mt-4 pl-6 text-xs text-slate-600">
        {'{name}'}, [NAME], &lt;name&gt;, ${'{name}'} and ${'{name:default}'} become {'{{name}}'}, filled in when the prompt is used. The check lists them
        either way.
      </p>
      <RadioCards
        id={FIX_CONTROL_IDS.unknownOwners}
        legend="When the owner's email has no account"
        name="unknownOwners"
        options={OWNER_POLICIES}
        value={value.unknownOwners}
        onChange={(v) => set('unknownOwners', v)}
        labels={OWNER_LABELS}
        disabled={disabled}
        columns="sm:grid-cols-3"
      />
    </>
  );
}

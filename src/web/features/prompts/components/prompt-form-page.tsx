import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Path, useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { KNOWN_FIELD_NAMES, MAX_TEXT_LENGTH } from '../../../../shared/constants';
import { canCreatePrompt } from '../../../../shared/policies/prompts';
import type { FormField as FieldConfig } from '../../../../shared/schemas/form-fields';
import { type CustomFieldValue, MAX_CHANGE_NOTE_LENGTH, type PromptInput } from '../../../../shared/schemas/prompts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { hasErrorCode, isServerUnreachable } from '../../../lib/api-client';
import { saveErrorMessage as describeSaveError } from '../../../lib/save-error';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCurrentUser } from '../../../lib/current-user';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { PromptLoadError } from './prompt-load-error';
import { useFormFields, usePrompt, useSavePrompt, useTags } from '../api/prompt-queries';
import { AiModelsField } from '../form/ai-models-field';
import { BusinessUnitField } from '../form/business-unit-field';
import { CustomCheckboxField, CustomFieldInput } from '../form/custom-field-input';
import { buildPromptFormSchema } from '../form/prompt-form-schema';
import { PromptContentEditor } from '../form/prompt-content-editor';
import { TagInput } from '../form/tag-input';
import { LeaveWithoutSavingDialog, useUnsavedChangesGuard } from '../form/unsaved-changes-guard';
import { usePageTitle } from '../../../lib/page-title';

type Values = {
  title: string;
  content: string;
  notes: string;
  aiModels: string[];
  tags: string[];
  userBusinessUnit: string;
  userId: string;
  customFields: Record<string, CustomFieldValue>;
  changeNote: string;
};

function errorOf(errors: FieldErrors<Values>, name: string): string | undefined {
  if (name.startsWith('customFields.')) {
    const key = name.slice('customFields.'.length);
    return (errors.customFields as Record<string, { message?: string }> | undefined)?.[key]?.message;
  }
  return (errors as Record<string, { message?: string } | undefined>)[name]?.message;
}

/** The server's field names are the form's own; custom fields sit under `customFields.<name>` on both sides. */
function formPathOf(serverName: string): Path<Values> | undefined {
  if ((KNOWN_FIELD_NAMES as readonly string[]).includes(serverName) || serverName.startsWith('customFields.')) return serverName as Path<Values>;
  return undefined;
}

/** The input's fault in the server's words; a lost connection says the values are kept and a resend is safe. */
function saveErrorMessage(err: unknown, editing: boolean): string {
  if (hasErrorCode(err, 'duplicate_title')) return err.serverMessage ?? 'A prompt with this title already exists';
  if (hasErrorCode(err, 'validation_failed')) return err.serverMessage ?? 'Invalid data provided';
  return describeSaveError(err, editing ? 'Failed to update prompt' : 'Failed to create prompt');
}

/**
 * The built-in fields in their configured order, then the administrator's own: a custom field ordered
 * before the title would otherwise split the form's core (title, content, applications, tags).
 */
export function fixedFirst(fields: FieldConfig[]): FieldConfig[] {
  const fixed = (f: FieldConfig) => (KNOWN_FIELD_NAMES as readonly string[]).includes(f.name);
  return [...fields.filter(fixed), ...fields.filter((f) => !fixed(f))];
}

/** "Copy of …", within the title's length limit. */
export const copyTitle = (title: string) => `Copy of ${title}`.slice(0, MAX_TEXT_LENGTH);

/**
 * /create-prompt and /edit-prompt/{id}: the enabled fields in configured order, rendered by type.
 * /create-prompt?copy={id} ("Make a copy") starts the new prompt from another one's values.
 */
export function PromptFormPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const editing = Boolean(id);
  const copyOf = editing ? null : params.get('copy');
  usePageTitle(editing ? 'Edit Prompt' : 'Create Prompt');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const { data: fields, isLoading: fieldsLoading } = useFormFields();
  const source = usePrompt(id ?? copyOf ?? undefined);
  const { isLoading: promptLoading, error: promptError, refetch: refetchPrompt } = source;
  const prompt = editing ? source.data : undefined;
  const copied = copyOf ? source.data : undefined;
  const { data: knownTags = [] } = useTags();
  const save = useSavePrompt(id);
  // One idempotency key per set of values sent: sending the same values again after a lost answer is
  // recognised by the server (no second prompt); changed values are a new request with a new key.
  const sent = useRef<{ body: string; key: string } | null>(null);
  // A save the server never answered is told beside the buttons until the next attempt, not in a toast
  // that fades: the member needs to know the prompt is not saved yet.
  const [unsent, setUnsent] = useState<string | null>(null);
  const schema = useMemo(() => buildPromptFormSchema(fields ?? []), [fields]);
  const form = useForm<Values>({
    resolver: zodResolver(schema) as never,
    mode: 'onChange',
    defaultValues: {
      title: '',
      content: '',
      notes: '',
      aiModels: [],
      tags: [],
      userBusinessUnit: user?.businessUnit ?? '',
      userId: user?.id ?? '',
      customFields: {},
      changeNote: '',
    },
  });

  const { blocker, allowLeaving } = useUnsavedChangesGuard(form.formState.isDirty && !save.isSuccess);

  // The prompt can be fetched again while its form is open (a use or a favourite elsewhere refreshes
  // it): only a form the member has not touched takes the new values, so nothing typed is lost.
  useEffect(() => {
    if (prompt && !form.formState.isDirty) {
      form.reset({
        title: prompt.title,
        content: prompt.content,
        notes: prompt.notes ?? '',
        aiModels: prompt.aiModels,
        tags: prompt.tags,
        userBusinessUnit: prompt.userBusinessUnit,
        userId: prompt.userId,
        customFields: prompt.customFields as Record<string, CustomFieldValue>,
        changeNote: '',
      });
    }
  }, [prompt, form]);

  // A copy belongs to the member making it: their unit, their name; everything else as in the original.
  useEffect(() => {
    if (copied && user && !form.formState.isDirty) {
      form.reset({
        title: copyTitle(copied.title),
        content: copied.content,
        notes: copied.notes ?? '',
        aiModels: copied.aiModels,
        tags: copied.tags,
        userBusinessUnit: user.businessUnit,
        userId: user.id,
        customFields: copied.customFields as Record<string, CustomFieldValue>,
        changeNote: '',
      });
    }
  }, [copied, user, form]);

  if (fieldsLoading || ((editing || copyOf) && promptLoading)) return <Spinner label="Loading form..." />;
  if ((editing && !prompt) || (copyOf && !copied)) return <PromptLoadError error={promptError} onRetry={() => void refetchPrompt()} />;
  if (!user || (!editing && !canCreatePrompt(user)) || (prompt && !prompt.canEdit)) {
    return (
      <EmptyState
        title="You cannot change prompts"
        description="Your account is read-only, or this prompt belongs to someone else. Ask an administrator if you need access."
      />
    );
  }

  const submit = form.handleSubmit(async (values) => {
    setUnsent(null);
    try {
      const body = JSON.stringify(values);
      if (sent.current?.body !== body) sent.current = { body, key: newIdempotencyKey() };
      const saved = await save.mutateAsync({ input: values as unknown as PromptInput, idempotencyKey: sent.current.key });
      toast({ title: editing ? 'Prompt updated successfully!' : 'Prompt created successfully!' });
      allowLeaving();
      // An edit goes back to the list it was opened from; a new prompt opens on its own page, where it
      // can be used, copied or shared straight away.
      navigate(editing ? paths.allPrompts : paths.prompt(saved.id));
    } catch (err) {
      if (isServerUnreachable(err)) return setUnsent(saveErrorMessage(err, editing));
      // A clashing title belongs under the title; validation answers name their own fields.
      if (hasErrorCode(err, 'duplicate_title')) form.setError('title', { type: 'server', message: err.serverMessage });
      else applyServerFieldErrors(err, form.setError, KNOWN_FIELD_NAMES, formPathOf);
      toast({ title: 'Error', description: saveErrorMessage(err, editing), variant: 'destructive' });
    }
  });

  const renderField = (f: FieldConfig) => {
    const name = (KNOWN_FIELD_NAMES as readonly string[]).includes(f.name) ? f.name : `customFields.${f.name}`;
    const error = errorOf(form.formState.errors, name);
    const required = f.required || f.name === 'title' || f.name === 'content';
    const placeholder = f.placeholder ?? undefined;
    if (f.type === 'checkbox' && name !== f.name) {
      return (
        <Controller
          key={f.id}
          control={form.control}
          name={`customFields.${f.name}`}
          render={({ field }) => <CustomCheckboxField field={f} value={field.value} onChange={field.onChange} error={error} />}
        />
      );
    }
    return (
      <FormField key={f.id} label={f.label} error={error} required={required}>
        {(control) => {
          switch (f.name) {
            case 'title':
              return <Input {...control} placeholder={placeholder} {...form.register('title')} />;
            case 'content':
              return (
                <Controller
                  control={form.control}
                  name="content"
                  render={({ field }) => (
                    <PromptContentEditor
                      control={control}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      fieldRef={field.ref}
                      placeholder={placeholder}
                    />
                  )}
                />
              );
            case 'notes':
              return <Textarea {...control} rows={4} placeholder={placeholder} {...form.register('notes')} />;
            case 'aiModels':
              return (
                <Controller
                  control={form.control}
                  name="aiModels"
                  render={({ field }) => <AiModelsField {...control} value={field.value} onChange={field.onChange} placeholder={f.placeholder} />}
                />
              );
            case 'tags':
              return (
                <Controller
                  control={form.control}
                  name="tags"
                  render={({ field }) => <TagInput {...control} value={field.value} onChange={field.onChange} known={knownTags} placeholder={f.placeholder} />}
                />
              );
            case 'userBusinessUnit':
              return (
                <Controller
                  control={form.control}
                  name="userBusinessUnit"
                  render={({ field }) => <BusinessUnitField {...control} value={field.value} onChange={field.onChange} placeholder={f.placeholder} />}
                />
              );
            default:
              return (
                <Controller
                  control={form.control}
                  name={`customFields.${f.name}`}
                  render={({ field }) => <CustomFieldInput field={f} control={control} value={field.value} onChange={field.onChange} />}
                />
              );
          }
        }}
      </FormField>
    );
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={editing ? 'Edit Prompt' : 'Create Prompt'}
        description={
          editing
            ? 'Update this prompt for everyone who uses it.'
            : copied
              ? 'A copy of another prompt, which will be yours: change what you need, then create it.'
              : 'Share a prompt that works, so your colleagues can reuse it.'
        }
      />
      <Card className="p-5 sm:p-8">
        <form onSubmit={submit} noValidate className="space-y-6">
          {fixedFirst(fields ?? []).map(renderField)}
          {editing ? (
            <FormField label="What changed?" error={form.formState.errors.changeNote?.message} hint="Optional: kept with this version in the prompt's history.">
              <Input maxLength={MAX_CHANGE_NOTE_LENGTH} placeholder="e.g. Shorter instructions, added a tone variable" {...form.register('changeNote')} />
            </FormField>
          ) : null}
          {unsent ? (
            <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {unsent}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-6 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => navigate(paths.myPrompts)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : editing ? 'Update Prompt' : 'Create Prompt'}
            </Button>
          </div>
        </form>
      </Card>
      <LeaveWithoutSavingDialog blocker={blocker} />
    </div>
  );
}

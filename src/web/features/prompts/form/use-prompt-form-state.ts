import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { KNOWN_FIELD_NAMES } from '../../../../shared/constants';
import type { FormField as FieldConfig } from '../../../../shared/schemas/form-fields';
import type { CustomFieldValue, PromptInput } from '../../../../shared/schemas/prompts';
import { includedSnippetNames } from '../../../../shared/snippets';
import { keptDefinitions, type VariableDefinition } from '../../../../shared/variable-definitions';
import type { Visibility } from '../../../../shared/visibility';
import { hasErrorCode, isServerUnreachable } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { paths } from '../../../lib/paths';
import { saveErrorMessage as describeSaveError } from '../../../lib/save-error';
import { toast } from '../../../lib/toast';
import { useSavePrompt } from '../api/prompt-queries';
import { buildPromptFormSchema } from './prompt-form-schema';
import { useUnsavedChangesGuard } from './unsaved-changes-guard';

/** The prompt form's values: the built-in fields by name, the administrator's own under `customFields`. */
export type PromptFormValues = {
  title: string;
  content: string;
  notes: string;
  aiModels: string[];
  tags: string[];
  userBusinessUnit: string;
  userId: string;
  customFields: Record<string, CustomFieldValue>;
  changeNote: string;
  /** Who can see it; `units` is kept while another choice is on (so switching back restores it) but sent only with `units`. */
  visibility: Visibility;
  units: string[];
  /** What each variable is; those whose variable left the content are not sent (the server drops them too). */
  variableDefinitions: VariableDefinition[];
  /** The variables of the prompt as loaded, its snippets' included (never sent): their definitions stay. */
  snippetVariables?: string[];
};

/**
 * The definitions a save sends: those of the content's own variables and, while it still includes
 * snippets, those of the snippets' variables the prompt was loaded with (the server checks them against
 * the expanded text). A definition of neither went with its variable.
 */
export function sentDefinitions(content: string, definitions: readonly VariableDefinition[], snippetVariables: readonly string[] = []): VariableDefinition[] {
  const own = keptDefinitions(content, definitions);
  if (includedSnippetNames(content).length === 0) return own;
  return definitions.filter((d) => own.includes(d) || snippetVariables.includes(d.name));
}

/** What the server is sent: the visibility always, its units only when the prompt is shown to units. */
export function promptInputOf({ units, variableDefinitions = [], snippetVariables = [], ...values }: PromptFormValues): PromptInput {
  return {
    ...values,
    variableDefinitions: sentDefinitions(values.content, variableDefinitions, snippetVariables),
    ...(values.visibility === 'units' ? { units } : {}),
  };
}

/** The server's field names are the form's own; custom fields sit under `customFields.<name>` on both sides. */
function formPathOf(serverName: string): Path<PromptFormValues> | undefined {
  if ((KNOWN_FIELD_NAMES as readonly string[]).includes(serverName) || serverName.startsWith('customFields.')) return serverName as Path<PromptFormValues>;
  if (serverName === 'visibility' || serverName === 'units' || serverName === 'variableDefinitions') return serverName;
  return undefined;
}

/** The input's fault in the server's words; a lost connection says the values are kept and a resend is safe. */
function saveErrorMessage(err: unknown, editing: boolean): string {
  if (hasErrorCode(err, 'duplicate_title')) return err.serverMessage ?? 'A prompt with this title already exists';
  if (hasErrorCode(err, 'validation_failed')) return err.serverMessage ?? 'Invalid data provided';
  return describeSaveError(err, editing ? 'Failed to update prompt' : 'Failed to create prompt');
}

/**
 * What a save does beyond storing the values: `draft` creates a new prompt as a draft, `publish` saves
 * an edited draft and publishes it; `save` creates a published prompt or keeps an edited one's status.
 */
export type SaveIntent = 'save' | 'draft' | 'publish';

const SAVED_TOASTS: Record<SaveIntent, [created: string, updated: string]> = {
  save: ['Prompt created successfully!', 'Prompt updated successfully!'],
  draft: ['Draft saved', 'Draft saved'],
  publish: ['Prompt published', 'Prompt published'],
};

interface Options {
  /** The prompt being edited; none when creating (or copying). */
  id: string | undefined;
  /** The enabled fields, which decide what the form validates. */
  fields: FieldConfig[] | undefined;
  /** The signed-in member, who owns a new prompt until the form says otherwise. */
  user: { id: string; businessUnit: string } | null | undefined;
  /** An edited prompt that is a draft: its saves open its page (All Prompts does not list drafts). */
  draft?: boolean;
}

/**
 * The prompt form's state: its values validated on change against the configured fields, the save
 * (safe to resend), what a save the server never answered left to say, and the guard against leaving
 * with unsaved changes.
 */
export function usePromptFormState({ id, fields, user, draft = false }: Options) {
  const editing = Boolean(id);
  const navigate = useNavigate();
  const save = useSavePrompt(id);
  // One idempotency key per set of values sent: sending the same values again after a lost answer is
  // recognised by the server (no second prompt); changed values are a new request with a new key.
  const sent = useRef<{ body: string; key: string } | null>(null);
  // A save the server never answered is told beside the buttons until the next attempt, not in a toast
  // that fades: the member needs to know the prompt is not saved yet.
  const [unsent, setUnsent] = useState<string | null>(null);
  const schema = useMemo(() => buildPromptFormSchema(fields ?? []), [fields]);
  const form = useForm<PromptFormValues>({
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
      // Until GET /api/prompt-defaults answers (usePromptFormReset), the server's own default.
      visibility: 'organization',
      units: [],
      variableDefinitions: [],
    },
  });

  const { blocker, allowLeaving } = useUnsavedChangesGuard(form.formState.isDirty && !save.isSuccess);
  const intent = useRef<SaveIntent>('save');

  const submit = form.handleSubmit(async (values) => {
    setUnsent(null);
    try {
      const asked = intent.current;
      const input = { ...promptInputOf(values), ...(!editing && asked === 'draft' ? { status: 'draft' as const } : {}) };
      const body = JSON.stringify(input);
      if (sent.current?.body !== body) sent.current = { body, key: newIdempotencyKey() };
      const saved = await save.mutateAsync({ input, idempotencyKey: sent.current.key, publish: editing && asked === 'publish' });
      toast({ title: SAVED_TOASTS[asked][editing ? 1 : 0] });
      allowLeaving();
      // An edit goes back to the list it was opened from; a new prompt, a draft or one just published
      // opens on its own page, where it can be used, copied or shared straight away.
      navigate(editing && !draft && asked === 'save' ? paths.allPrompts : paths.prompt(saved.id));
    } catch (err) {
      if (isServerUnreachable(err)) return setUnsent(saveErrorMessage(err, editing));
      // A clashing title belongs under the title; validation answers name their own fields.
      if (hasErrorCode(err, 'duplicate_title')) form.setError('title', { type: 'server', message: err.serverMessage });
      else applyServerFieldErrors(err, form.setError, KNOWN_FIELD_NAMES, formPathOf);
      toast({ title: 'Error', description: saveErrorMessage(err, editing), variant: 'destructive' });
    }
  });

  /** The form's submit for one intent (the Enter key submits with `save`). */
  const submitAs = (asked: SaveIntent) => (event?: { preventDefault(): void }) => {
    intent.current = asked;
    return submit(event as Parameters<typeof submit>[0]);
  };
  return { form, submit: submitAs('save'), submitAs, saving: save.isPending, savingAs: intent.current, unsent, blocker };
}

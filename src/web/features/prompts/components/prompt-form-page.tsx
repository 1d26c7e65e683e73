import { Fragment } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { KNOWN_FIELD_NAMES } from '../../../../shared/constants';
import { canCreatePrompt } from '../../../../shared/policies/prompts';
import type { FormField as FieldConfig } from '../../../../shared/schemas/form-fields';
import { MAX_CHANGE_NOTE_LENGTH } from '../../../../shared/schemas/prompts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorBox } from '../../../components/ui/error-box';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { PromptLoadError } from './prompt-load-error';
import { useFormFields, usePrompt, usePromptDefaults, useTags } from '../api/prompt-queries';
import { PromptFormField } from '../form/prompt-form-field';
import { LeaveWithoutSavingDialog } from '../form/unsaved-changes-guard';
import { usePromptFormReset } from '../form/use-prompt-form-reset';
import { usePromptFormState } from '../form/use-prompt-form-state';
import { SimilarPromptsNotice } from '../form/similar-prompts-notice';
import { VariablesPanel } from '../form/variables-panel';
import { VisibilityField } from '../form/visibility-field';

/**
 * The built-in fields in their configured order, then the administrator's own: a custom field ordered
 * before the title would otherwise split the form's core (title, content, applications, tags).
 */
export function fixedFirst(fields: FieldConfig[]): FieldConfig[] {
  const fixed = (f: FieldConfig) => (KNOWN_FIELD_NAMES as readonly string[]).includes(f.name);
  return [...fields.filter(fixed), ...fields.filter((f) => !fixed(f))];
}

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
  // Only a new prompt (or a copy) needs the defaults; an edited one shows its own visibility.
  const defaults = usePromptDefaults(!editing);
  const isDraft = prompt?.status === 'draft';
  const { form, submit, submitAs, saving, savingAs, unsent, blocker } = usePromptFormState({ id, fields, user, draft: isDraft });
  usePromptFormReset(form, { prompt, copied, user, defaults: editing ? undefined : defaults.data });

  // Waiting for the defaults spares the member a choice that flips under their eyes; if they cannot be
  // fetched, the form opens with the server's own default.
  if (fieldsLoading || ((editing || copyOf) && promptLoading) || (!editing && defaults.isLoading)) return <Spinner label="Loading form..." />;
  if ((editing && !prompt) || (copyOf && !copied)) return <PromptLoadError error={promptError} onRetry={() => void refetchPrompt()} />;
  if (!user || (!editing && !canCreatePrompt(user)) || (prompt && !prompt.canEdit)) {
    return (
      <EmptyState
        title="You cannot change prompts"
        description="Your account is read-only, or this prompt belongs to someone else. Ask an administrator if you need access."
      />
    );
  }

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
          {fixedFirst(fields ?? []).map((f) => (
            <Fragment key={f.id}>
              <PromptFormField field={f} form={form} knownTags={knownTags} />
              {/* Near-copies are named under the content they resemble. */}
              {f.name === 'content' ? (
                <>
                  <SimilarPromptsNotice form={form} excludeId={id} />
                  <VariablesPanel form={form} />
                </>
              ) : null}
            </Fragment>
          ))}
          <VisibilityField form={form} ownerUnit={prompt?.userBusinessUnit ?? user.businessUnit} />
          {editing ? (
            <FormField label="What changed?" error={form.formState.errors.changeNote?.message} hint="Optional: kept with this version in the prompt's history.">
              <Input maxLength={MAX_CHANGE_NOTE_LENGTH} placeholder="e.g. Shorter instructions, added a tone variable" {...form.register('changeNote')} />
            </FormField>
          ) : null}
          {prompt?.status === 'verified' && !prompt.canCurate ? (
            <ErrorBox tone="warning" compact>
              <p>This prompt is verified. Saving a change returns it to Published until a curator verifies it again.</p>
            </ErrorBox>
          ) : null}
          {unsent ? (
            <ErrorBox tone="warning" compact>
              <p>{unsent}</p>
            </ErrorBox>
          ) : null}
          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-6 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => navigate(paths.myPrompts)}>
              Cancel
            </Button>
            {!editing || isDraft ? (
              // A draft is seen only by its owner, co-owners and administrators, and listed only in My Prompts.
              <Button variant="secondary" disabled={saving} onClick={() => void submitAs(editing ? 'save' : 'draft')()}>
                {saving && savingAs !== 'publish' && (editing || savingAs === 'draft') ? 'Saving...' : editing ? 'Save draft' : 'Save as draft'}
              </Button>
            ) : null}
            {isDraft ? (
              <Button disabled={saving} onClick={() => void submitAs('publish')()}>
                {saving && savingAs === 'publish' ? 'Publishing...' : 'Publish'}
              </Button>
            ) : (
              <Button type="submit" disabled={saving}>
                {saving && savingAs === 'save' ? 'Saving...' : editing ? 'Update Prompt' : 'Create Prompt'}
              </Button>
            )}
          </div>
        </form>
      </Card>
      <LeaveWithoutSavingDialog blocker={blocker} />
    </div>
  );
}

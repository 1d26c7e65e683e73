import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { MAX_TEXT_LENGTH } from '../../../../shared/constants';
import type { CustomFieldValue, Prompt, PromptDefaults } from '../../../../shared/schemas/prompts';
import type { PromptFormValues } from './use-prompt-form-state';

/** "Copy of …", within the title's length limit. */
export const copyTitle = (title: string) => `Copy of ${title}`.slice(0, MAX_TEXT_LENGTH);

interface Sources {
  /** The prompt being edited, once loaded. */
  prompt: Prompt | undefined;
  /** The prompt being copied ("Make a copy"), once loaded. */
  copied: Prompt | undefined;
  /** The member making the copy. */
  user: { id: string; businessUnit: string } | null | undefined;
  /** What a new prompt (or a copy, which is new too) is shown to unless the member chooses: GET /api/prompt-defaults. */
  defaults: PromptDefaults | undefined;
}

/**
 * Fills the form from what it was opened on, whenever that arrives or is fetched again. The prompt
 * can be fetched again while its form is open (a use or a favourite elsewhere refreshes it): only a
 * form the member has not touched takes the new values, so nothing typed is lost.
 */
export function usePromptFormReset(form: UseFormReturn<PromptFormValues>, { prompt, copied, user, defaults }: Sources): void {
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
        visibility: prompt.visibility,
        units: prompt.units,
        variableDefinitions: prompt.variableDefinitions,
        snippetVariables: prompt.variables.map((v) => v.name),
      });
    }
  }, [prompt, form]);

  // A new prompt starts with the defaults as they arrive, unless the member has already chosen.
  useEffect(() => {
    if (!defaults || prompt || copied) return;
    if (form.getFieldState('visibility').isDirty || form.getFieldState('units').isDirty) return;
    form.resetField('visibility', { defaultValue: defaults.visibility });
    form.resetField('units', { defaultValue: defaults.units });
  }, [defaults, prompt, copied, form]);

  // A copy belongs to the member making it: their unit, their name, their defaults for who sees it;
  // everything else as in the original.
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
        visibility: defaults?.visibility ?? 'organization',
        units: defaults?.units ?? [],
        variableDefinitions: copied.variableDefinitions,
        snippetVariables: copied.variables.map((v) => v.name),
      });
    }
  }, [copied, user, defaults, form]);
}

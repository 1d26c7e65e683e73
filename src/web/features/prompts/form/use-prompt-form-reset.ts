import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { MAX_TEXT_LENGTH } from '../../../../shared/constants';
import type { CustomFieldValue, Prompt } from '../../../../shared/schemas/prompts';
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
}

/**
 * Fills the form from what it was opened on, whenever that arrives or is fetched again. The prompt
 * can be fetched again while its form is open (a use or a favourite elsewhere refreshes it): only a
 * form the member has not touched takes the new values, so nothing typed is lost.
 */
export function usePromptFormReset(form: UseFormReturn<PromptFormValues>, { prompt, copied, user }: Sources): void {
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
}

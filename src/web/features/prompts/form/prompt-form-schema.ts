import { z } from 'zod';
import type { FormField } from '../../../../shared/schemas/form-fields';
import { variableDefinitionsSchema } from '../../../../shared/schemas/variables';
import { includedSnippetNames } from '../../../../shared/snippets';
import { templateVariables } from '../../../../shared/template-variables';
import { type CustomFieldValue, customFieldValueOf, promptInputSchema, promptRequirementIssues, REQUIRED_MESSAGES } from '../../../../shared/schemas/prompts';
import { VISIBILITY_MESSAGES } from '../../../../shared/visibility';

const KNOWN = new Set(['title', 'content', 'notes', 'aiModels', 'tags', 'userBusinessUnit']);

function isBlank(v: CustomFieldValue | undefined): boolean {
  return v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);
}

/** The shared schema plus the required-ness the admin configured, so the form validates on change. */
export function buildPromptFormSchema(fields: FormField[]) {
  const required = (name: string) => fields.some((f) => f.name === name && f.required);
  // Definitions are checked as they will be sent: those of variables the content no longer has are
  // dropped on save (the panel says so), so a half-made one of those never blocks the save.
  return promptInputSchema
    .extend({ variableDefinitions: z.array(z.unknown()).optional(), snippetVariables: z.array(z.string()).optional() })
    .superRefine((data, ctx) => {
      const kept = (data.variableDefinitions ?? []).filter((d) => {
        const name = (d as { name?: unknown } | null)?.name;
        if (typeof name !== 'string') return false;
        if (templateVariables(data.content).some((v) => v.name === name)) return true;
        return includedSnippetNames(data.content).length > 0 && (data.snippetVariables ?? []).includes(name);
      });
      const definitions = variableDefinitionsSchema.safeParse(kept);
      if (!definitions.success)
        for (const issue of definitions.error.issues)
          ctx.addIssue({ code: 'custom', path: ['variableDefinitions', ...issue.path.map(String)], message: issue.message });
      const issues = promptRequirementIssues(data, { aiModels: required('aiModels'), tags: required('tags'), notes: required('notes') });
      for (const [path, message] of Object.entries(issues)) ctx.addIssue({ code: 'custom', path: [path], message });
      if (required('userBusinessUnit') && !data.userBusinessUnit) {
        ctx.addIssue({ code: 'custom', path: ['userBusinessUnit'], message: REQUIRED_MESSAGES.userBusinessUnit });
      }
      // The form keeps the units of another choice (to restore them on switching back): only `units` needs them.
      if (data.visibility === 'units' && !data.units?.length) ctx.addIssue({ code: 'custom', path: ['units'], message: VISIBILITY_MESSAGES.noUnits });
      for (const f of fields) {
        if (!KNOWN.has(f.name) && f.required && isBlank(customFieldValueOf(data.customFields, f.name))) {
          ctx.addIssue({ code: 'custom', path: ['customFields', f.name], message: `${f.label} is required` });
        }
      }
    });
}

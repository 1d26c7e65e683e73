import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { type RenderResult, renderInputSchema, renderResultSchema } from '../../../shared/schemas/variables';
import { builtinValues } from '../../../shared/template-variables';
import { fillVariables, promptVariables, valueIssues, type VariableValue } from '../../../shared/variable-definitions';
import type { Database } from '../../db/client';
import type { PromptRow, UserRow } from '../../db/schema';
import { invalidFields } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { loadVisiblePrompt } from './prompts.visibility';
import { expandFor, unresolvedSnippets } from '../snippets/snippet-resolver';

/**
 * A prompt filled with values, as the runner would fill it, its snippets expanded first (one missing
 * for the caller, a loop or nesting too deep is a 422): a required value missing or one of the
 * wrong type is a 400 naming each (`values.<name>`); a variable left without a value or a default stays
 * `{{name}}`. Nothing is recorded: copying or opening the text is what counts as a use.
 */
export async function fillPrompt(
  db: Database,
  viewer: UserRow,
  id: string,
  values: Record<string, VariableValue>,
): Promise<{ prompt: PromptRow; text: string }> {
  const prompt = await loadVisiblePrompt(db, viewer, id);
  const expansion = await expandFor(db, viewer, prompt.content);
  if (expansion.problem) throw unresolvedSnippets(expansion.problem);
  const variables = promptVariables(expansion.text, prompt.variableDefinitions);
  const issues = valueIssues(
    variables.filter((v) => !v.builtin),
    values,
  );
  const errors = Object.fromEntries(Object.entries(issues).map(([name, message]) => [`values.${name}`, message]));
  const first = Object.values(errors)[0];
  if (first) throw invalidFields(first, errors);
  return { prompt, text: fillVariables(expansion.text, variables, { ...builtinValues(viewer), ...values }) };
}

const renderPrompt = async (db: Database, viewer: UserRow, id: string, values: Record<string, VariableValue>): Promise<RenderResult> => ({
  text: (await fillPrompt(db, viewer, id, values)).text,
});

export async function promptRenderRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/prompts/:id/render',
    {
      config: { access: 'signedIn', token: 'prompts:read' },
      schema: {
        summary: 'Fill a prompt’s variables',
        description:
          'The prompt’s text with its snippets (`{{> name}}`) expanded and `values` in its variables (those of its snippets included), each read by its type (a multiple choice joined with ", ", a checkbox as its words or yes/no); a variable without a value takes its default, a choice its first option, the built-ins (`current_date`, `current_user`, `business_unit`) the caller’s. A required value missing or of the wrong type is a 400 naming it (`values.<name>`); a snippet that is missing or not shared with the caller, a loop or snippets more than 3 levels deep is a 422 (`snippet_unresolved`) naming it. 404 for a prompt the caller may not see.',
        tags: ['Prompts'],
        params: uuidParamsSchema,
        body: renderInputSchema,
        response: { 200: renderResultSchema },
        errorStatuses: [422],
      },
    },
    (request) => renderPrompt(app.db, requireUser(request), request.params.id, request.body.values),
  );
}

import { VARIABLE_MESSAGES } from '../../../shared/schemas/variables';
import { templateVariables } from '../../../shared/template-variables';
import { keptDefinitions, type VariableDefinition } from '../../../shared/variable-definitions';
import type { PromptRow } from '../../db/schema';

/**
 * The variable definitions a save stores. Sent: each must name a variable of the content (else a 400
 * naming them). Left out: the saved ones are kept, but for variables the content no longer has (the
 * form warns before it drops them).
 */
export function variableDefinitionsFor(
  content: string,
  sent: VariableDefinition[] | undefined,
  existing: Pick<PromptRow, 'variableDefinitions'> | undefined,
): { values: VariableDefinition[]; errors: Record<string, string> } {
  if (sent === undefined) return { values: keptDefinitions(content, existing?.variableDefinitions ?? []), errors: {} };
  const names = new Set(templateVariables(content).map((v) => v.name));
  const missing = sent.filter((d) => !names.has(d.name)).map((d) => d.name);
  if (missing.length) return { values: [], errors: { variableDefinitions: `${VARIABLE_MESSAGES.notInTemplate}${missing.join(', ')}` } };
  // Stored without the keys left empty, so that equal definitions compare equal between versions.
  return { values: sent.map((d) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as VariableDefinition), errors: {} };
}

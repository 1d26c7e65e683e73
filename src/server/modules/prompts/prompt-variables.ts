import { VARIABLE_MESSAGES } from '../../../shared/schemas/variables';
import { templateVariables } from '../../../shared/template-variables';
import { keptDefinitions, type VariableDefinition } from '../../../shared/variable-definitions';
import type { Database } from '../../db/client';
import type { PromptRow, UserRow } from '../../db/schema';
import { expandFor } from '../snippets/snippet-resolver';

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

/**
 * The definitions a new content keeps when the writer sent none (an accepted suggestion, an import
 * overwrite): those of variables the content has, its snippets' included, as `reader` expands them.
 */
export async function definitionsStillUsed(
  db: Database,
  reader: UserRow,
  content: string,
  definitions: readonly VariableDefinition[],
): Promise<VariableDefinition[]> {
  const text = content.includes('{{>') ? (await expandFor(db, reader, content)).text : content;
  return keptDefinitions(text, definitions);
}

import { describe, expect, it } from 'vitest';
import type { VariableDefinition } from '../../../../shared/variable-definitions';
import { promptInputOf, type PromptFormValues, sentDefinitions } from './use-prompt-form-state';

const defs: VariableDefinition[] = [
  { name: 'client', type: 'text', required: true },
  { name: 'signer', type: 'text', label: 'Signed by' },
  { name: 'gone', type: 'number' },
];

describe('the definitions a form save sends', () => {
  it('keeps those of the content’s variables and, while it includes snippets, of the snippets’ variables it was opened with', () => {
    expect(sentDefinitions('Hi {{client}}. {{> sign-off}}', defs, ['client', 'signer']).map((d) => d.name)).toEqual(['client', 'signer']);
    // The snippet taken out: its variables' definitions go, as a removed variable's do.
    expect(sentDefinitions('Hi {{client}}.', defs, ['client', 'signer']).map((d) => d.name)).toEqual(['client']);
    expect(sentDefinitions('Hi {{client}}. \\{{> sign-off}}', defs, ['client', 'signer']).map((d) => d.name)).toEqual(['client']);
  });

  it('sends them, and never the list of snippet variables itself', () => {
    const values = {
      title: 'Letter',
      content: 'Hi {{client}}. {{> sign-off}}',
      notes: '',
      aiModels: [],
      tags: [],
      userBusinessUnit: '',
      userId: '',
      customFields: {},
      changeNote: '',
      visibility: 'organization',
      units: [],
      variableDefinitions: defs,
      snippetVariables: ['client', 'signer'],
    } as PromptFormValues;
    const input = promptInputOf(values);
    expect(input.variableDefinitions?.map((d) => d.name)).toEqual(['client', 'signer']);
    expect(input).not.toHaveProperty('snippetVariables');
  });
});

import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../../shared/schemas/form-fields';
import { buildPromptFormSchema } from './prompt-form-schema';

const field = (name: string): FormField => ({
  id: name,
  name,
  label: name,
  type: 'text',
  required: true,
  enabled: true,
  order: 10,
  placeholder: null,
  options: [],
});

describe('the prompt form schema', () => {
  it('reads custom values as own properties: an empty required "constructor" or "tostring" field is reported', () => {
    const schema = buildPromptFormSchema([field('constructor'), field('toString'), field('hasOwnProperty')]);
    const result = schema.safeParse({ title: 't', content: 'c', customFields: {} });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['customFields.constructor', 'customFields.toString', 'customFields.hasOwnProperty']);
    expect(schema.safeParse({ title: 't', content: 'c', customFields: { constructor: 'x', toString: 'y', hasOwnProperty: 'z' } }).success).toBe(true);
  });
});

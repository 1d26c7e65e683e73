import { describe, expect, it } from 'vitest';
import { splitVariables } from './template-variables';

describe('template variables in prompt text', () => {
  it('finds {{name}} variables between plain runs', () => {
    expect(splitVariables('Summarize {{topic}} for {{ audience }}.')).toEqual([
      { kind: 'text', text: 'Summarize ' },
      { kind: 'variable', name: 'topic', raw: '{{topic}}' },
      { kind: 'text', text: ' for ' },
      { kind: 'variable', name: 'audience', raw: '{{ audience }}' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps an escaped \\{{ as a literal {{ and leaves unclosed or empty braces as text', () => {
    expect(splitVariables('Write \\{{literal}} and {{ }} and {{open')).toEqual([{ kind: 'text', text: 'Write {{literal}} and {{ }} and {{open' }]);
  });

  it('leaves text without variables whole', () => {
    expect(splitVariables('No variables here')).toEqual([{ kind: 'text', text: 'No variables here' }]);
    expect(splitVariables('')).toEqual([]);
  });
});

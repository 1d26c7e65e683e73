import { describe, expect, it } from 'vitest';
import { builtinValues, fillTemplate, parseTemplate, templateVariables } from './template-variables';

describe('template variables', () => {
  it('finds free-text and choice variables in order of first appearance, names trimmed', () => {
    expect(templateVariables('Write to {{ audience }} in a {{tone:formal|friendly | curt}} tone about {{topic}}.')).toEqual([
      { name: 'audience' },
      { name: 'tone', options: ['formal', 'friendly', 'curt'] },
      { name: 'topic' },
    ]);
  });

  it('treats a repeated name as one variable whose first options win, and compares names exactly', () => {
    expect(templateVariables('{{tone:a|b}} {{tone:c|d}} {{tone}} {{Tone}}')).toEqual([{ name: 'tone', options: ['a', 'b'] }, { name: 'Tone' }]);
  });

  it('accepts letters of any script, digits, spaces, _, - and . in names of 1 to 64 characters', () => {
    expect(templateVariables('{{نص المستخدم}} {{v1.2_x-y}} {{' + 'n'.repeat(64) + '}}').map((v) => v.name)).toEqual([
      'نص المستخدم',
      'v1.2_x-y',
      'n'.repeat(64),
    ]);
    expect(templateVariables('{{' + 'n'.repeat(65) + '}} {{a/b}} {{}} {{  }} {{:x|y}} {{a\nb}}')).toEqual([]);
  });

  it('keeps an escaped \\{{ literal, and unclosed or odd braces as text', () => {
    expect(parseTemplate('Use \\{{name}} literally, {{open and {{ok}} and }} and {{{x}}}')).toEqual([
      { kind: 'text', text: 'Use {{name}} literally, {{open and ' },
      { kind: 'variable', name: 'ok', raw: '{{ok}}' },
      { kind: 'text', text: ' and }} and {' },
      { kind: 'variable', name: 'x', raw: '{{x}}' },
      { kind: 'text', text: '}' },
    ]);
    expect(templateVariables('\\{{name}}')).toEqual([]);
  });

  it('marks the built-ins', () => {
    expect(templateVariables('{{current_date}} {{current_user}} {{business_unit}} {{current date}}')).toEqual([
      { name: 'current_date', builtin: true },
      { name: 'current_user', builtin: true },
      { name: 'business_unit', builtin: true },
      { name: 'current date' },
    ]);
    expect(builtinValues({ firstName: 'Ada', lastName: 'Lovelace', businessUnit: 'Research' }, new Date(2026, 0, 5))).toEqual({
      current_date: '2026-01-05',
      current_user: 'Ada Lovelace',
      business_unit: 'Research',
    });
  });

  it('a choice with no options after the colon is free text', () => {
    expect(templateVariables('{{tone:}} {{mood: | }}')).toEqual([{ name: 'tone' }, { name: 'mood' }]);
  });

  it('fills every occurrence, keeps unfilled ones as written, and resolves escapes', () => {
    const text = 'Dear {{name}}, {{tone:warm|cold}} regards, {{name}}. \\{{literal}} {{missing}}';
    expect(fillTemplate(text, { name: 'Ada', tone: 'warm', missing: '' })).toBe('Dear Ada, warm regards, Ada. {{literal}} {{missing}}');
  });
});

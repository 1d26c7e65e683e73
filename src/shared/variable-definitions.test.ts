import { describe, expect, it } from 'vitest';
import { definitionProblems, formatValue, isIsoDate, keptDefinitions, promptVariables, valueIssues, type PromptVariable } from './variable-definitions';

// Every variable type: which values fit it, how it goes into the text, and what a definition may say.

const v = (def: Partial<PromptVariable> & Pick<PromptVariable, 'name' | 'type'>): PromptVariable => ({ required: false, ...def });

describe('values', () => {
  const vars = [
    v({ name: 'who', type: 'text', required: true, label: 'Customer' }),
    v({ name: 'body', type: 'longText' }),
    v({ name: 'tone', type: 'choice', options: ['formal', 'casual'] }),
    v({ name: 'topics', type: 'multiChoice', options: ['a', 'b'], required: true }),
    v({ name: 'count', type: 'number' }),
    v({ name: 'due', type: 'date', required: true }),
    v({ name: 'urgent', type: 'checkbox', required: true }),
  ];

  it('accept values of each type', () => {
    expect(valueIssues(vars, { who: 'Ann', body: 'x\ny', tone: 'casual', topics: ['a', 'b'], count: 3.5, due: '2026-12-01', urgent: false })).toEqual({});
  });

  it('name each required value left empty (a checkbox is never empty) and each value of the wrong type', () => {
    expect(valueIssues(vars, { who: '', topics: [] })).toEqual({ who: 'Customer is required', topics: 'topics is required', due: 'due is required' });
    expect(valueIssues(vars, { who: 'Ann', topics: ['c'], tone: 'rude', count: Number.NaN, due: '2026-13-01', urgent: 'yes' as unknown as boolean })).toEqual({
      topics: 'topics must be among: a, b',
      tone: 'tone must be one of: formal, casual',
      count: 'count must be a number',
      due: 'due must be a date written YYYY-MM-DD',
      urgent: 'urgent must be true or false',
    });
    expect(valueIssues([v({ name: 'who', type: 'text' })], { who: 3 as unknown as string })).toEqual({ who: 'who must be text' });
  });

  it('take their default when not given, so a required variable with one is never missing', () => {
    const withDefaults = [
      v({ name: 'tone', type: 'choice', options: ['a', 'b'], required: true }),
      v({ name: 'n', type: 'number', default: 3, required: true }),
    ];
    expect(valueIssues(withDefaults, {})).toEqual({});
    expect(valueIssues(withDefaults, { n: '' as unknown as number })).toEqual({ n: 'n is required' });
  });

  it('go into the text: lists joined, checkboxes as their words', () => {
    expect(formatValue({ type: 'multiChoice' }, ['a', 'b'])).toBe('a, b');
    expect(formatValue({ type: 'checkbox' }, true)).toBe('yes');
    expect(formatValue({ type: 'checkbox' }, false)).toBe('no');
    expect(formatValue({ type: 'checkbox', options: ['urgent', 'routine'] }, false)).toBe('routine');
    expect(formatValue({ type: 'number' }, 12)).toBe('12');
    expect(formatValue({ type: 'text' }, undefined)).toBe('');
  });

  it('read dates as real calendar days', () => {
    expect(['2026-02-28', '2024-02-29'].map(isIsoDate)).toEqual([true, true]);
    expect(['2026-02-29', '2026-1-01', '01/02/2026', 20260101].map(isIsoDate)).toEqual([false, false, false, false]);
  });
});

describe('definitions', () => {
  it('merge with the template: undefined variables are text, or a choice when the template lists options', () => {
    const content = '{{a}} {{b:x|y}} {{c}} {{current_date}} {{a}}';
    expect(promptVariables(content, [{ name: 'c', type: 'number', required: true }])).toEqual([
      { name: 'a', type: 'text', required: false },
      { name: 'b', type: 'choice', options: ['x', 'y'], required: false },
      { name: 'c', type: 'number', required: true },
      { name: 'current_date', type: 'text', required: false, builtin: true },
    ]);
    expect(
      keptDefinitions('{{a}}', [
        { name: 'a', type: 'text' },
        { name: 'gone', type: 'date' },
      ]),
    ).toEqual([{ name: 'a', type: 'text' }]);
  });

  it('say what does not hold together', () => {
    expect(definitionProblems({ name: 'x', type: 'multiChoice', options: ['a', 'a'], default: [] })).toEqual(['x lists an option twice']);
    expect(definitionProblems({ name: 'x', type: 'multiChoice', options: ['a'], default: ['b'] })).toEqual(['The default of x must be among: a']);
    expect(definitionProblems({ name: 'x', type: 'checkbox', default: 'yes' })).toEqual(['The default of x must be true or false']);
    expect(definitionProblems({ name: 'x', type: 'longText', default: 'fine' })).toEqual([]);
  });
});

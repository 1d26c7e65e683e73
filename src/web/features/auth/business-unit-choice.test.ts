import { describe, expect, it } from 'vitest';
import { chooseBusinessUnit } from './business-unit-choice';

const units = [
  { id: '1', name: 'Research' },
  { id: '2', name: 'Legal' },
];

describe('choosing a business unit at sign-up', () => {
  it('selects an existing unit when the typed name matches case-insensitively', () => {
    expect(chooseBusinessUnit(units, '  rEsEaRcH ')).toEqual({ kind: 'existing', option: units[0] });
  });
  it('holds a new name locally under a temporary id', () => {
    const choice = chooseBusinessUnit(units, ' Marketing ');
    expect(choice.kind).toBe('new');
    if (choice.kind === 'new') {
      expect(choice.option.name).toBe('Marketing');
      expect(choice.option.id).toMatch(/^temp-/);
    }
  });
  it('ignores blanks', () => {
    expect(chooseBusinessUnit(units, '   ')).toEqual({ kind: 'blank' });
  });
});

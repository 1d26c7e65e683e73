import { describe, expect, it } from 'vitest';
import { countOf, plural, totalOf } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one and the plural for every other count', () => {
    expect(plural(1, 'prompt')).toBe('prompt');
    expect(plural(0, 'prompt')).toBe('prompts');
    expect(plural(2, 'prompt')).toBe('prompts');
    expect(plural(1.5, 'prompt')).toBe('prompts');
  });

  it('takes an irregular plural', () => {
    expect(plural(1, 'was', 'were')).toBe('was');
    expect(plural(3, 'was', 'were')).toBe('were');
  });
});

describe('countOf', () => {
  it('writes the count with thousands separated, then the word', () => {
    expect(countOf(1, 'tag')).toBe('1 tag');
    expect(countOf(0, 'tag')).toBe('0 tags');
    expect(countOf(12345, 'prompt')).toBe('12,345 prompts');
    expect(countOf(2, 'Row', 'Rows')).toBe('2 Rows');
  });
});

describe('totalOf', () => {
  it('is countOf for an exact total', () => {
    expect(totalOf(1, false, 'prompt')).toBe('1 prompt');
    expect(totalOf(1500, false, 'event')).toBe('1,500 events');
  });

  it('marks a lower bound with "+" and keeps it plural, even at 1', () => {
    expect(totalOf(1000, true, 'prompt')).toBe('1,000+ prompts');
    expect(totalOf(1, true, 'prompt')).toBe('1+ prompts');
  });
});

import { describe, expect, it } from 'vitest';
import { fitChips } from './chips';

// Chips placed as flex-wrap places them, with room kept for "+N" on the last line.
describe('fitChips', () => {
  it('keeps every chip when all fit, without a "+N"', () => {
    expect(fitChips([40, 40], 20, 100, 1)).toEqual([0, 1]);
    expect(fitChips([40, 40, 40], 20, 100, 2)).toEqual([0, 1, 2]);
  });
  it('leaves room for "+N" on the last line', () => {
    // 40 + 4 + 40 = 84 fits one line, but then "+1" would not: 84 + 4 + 20 > 100.
    expect(fitChips([40, 40, 40], 20, 100, 1)).toEqual([0]);
    expect(fitChips([40, 40, 40, 40, 40], 20, 100, 2)).toEqual([0, 1, 2]);
  });
  it('skips a chip too long for the cell, showing shorter ones after it', () => {
    expect(fitChips([40, 150, 10], 20, 100, 2)).toEqual([0, 2]);
    expect(fitChips([150, 160], 20, 100, 2)).toEqual([]);
  });
});

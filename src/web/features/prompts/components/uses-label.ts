/** "1 use", "1,024 uses". */
export const usesLabel = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'use' : 'uses'}`;

import { countOf } from '../../../../shared/plural';

/** "1 use", "1,024 uses". */
export const usesLabel = (n: number) => countOf(n, 'use');

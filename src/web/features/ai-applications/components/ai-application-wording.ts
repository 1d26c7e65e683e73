import { countOf } from '../../../../shared/plural';

/** "1 prompt", "12 prompts", "1,234 prompts". */
export const promptCount = (n: number) => countOf(n, 'prompt');

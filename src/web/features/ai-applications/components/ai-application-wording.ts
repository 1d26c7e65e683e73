/** "1 prompt", "12 prompts", "1,234 prompts". */
export const promptCount = (n: number) => `${n.toLocaleString('en-US')} prompt${n === 1 ? '' : 's'}`;

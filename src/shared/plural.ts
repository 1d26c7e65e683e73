/** The word for `n` things: `one` for exactly 1, `many` (by default `one` + "s") for any other count. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** "1 prompt", "1,234 prompts": the count with thousands separated (the same on every machine), then the word. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${plural(n, one, many)}`;
}

/**
 * A list's total, "1,000+ prompts" when the server stopped counting at 1,000: a lower bound is always
 * plural, since "1+ prompt" would read as a typo.
 */
export function totalOf(total: number, lowerBound: boolean, one: string, many = `${one}s`): string {
  return `${total.toLocaleString('en-US')}${lowerBound ? '+' : ''} ${lowerBound ? many : plural(total, one, many)}`;
}

/** A run of prompt text: plain, or a `{{variable}}` to be filled in when the prompt is used. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'variable'; name: string; raw: string };

const VARIABLE = /\\\{\{|\{\{([^{}\n]{1,80})\}\}/g;

/**
 * Splits text into plain runs and `{{name}}` variables. `\{{` is a literal `{{` (the backslash goes),
 * and braces that never close, or hold nothing, stay plain text.
 */
export function splitVariables(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(VARIABLE)) {
    const at = match.index;
    plain += text.slice(last, at);
    last = at + match[0].length;
    const name = match[1]?.trim();
    if (match[0] === '\\{{') plain += '{{';
    else if (name) {
      if (plain) parts.push({ kind: 'text', text: plain });
      plain = '';
      parts.push({ kind: 'variable', name, raw: match[0] });
    } else plain += match[0];
  }
  plain += text.slice(last);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}

/**
 * Prompt templates: `{{name}}` is a free-text variable, `{{name:one|two|three}}` a choice (the first
 * option preselected). Names are 1–64 letters, digits, spaces, `_`, `-` or `.`, trimmed and compared
 * exactly; the same name twice is one variable, whose first occurrence's options win. `\{{` is a
 * literal `{{`. Anything else (unclosed braces, odd names) is plain text: a template never fails to save.
 * Zod-free and shared: the server lists a prompt's variables, the client highlights and fills them.
 */

/** Filled in automatically (and editable) when a prompt is used. */
export const BUILTIN_VARIABLES = ['current_date', 'current_user', 'business_unit'] as const;
export type BuiltinVariable = (typeof BUILTIN_VARIABLES)[number];

export interface TemplateVariable {
  name: string;
  options?: string[];
  builtin?: boolean;
}

export type TemplatePart = { kind: 'text'; text: string } | { kind: 'variable'; name: string; options?: string[]; raw: string };

/** A variable name: 1–64 letters, digits, spaces, `_`, `-` or `.`. */
export const VARIABLE_NAME = /^[\p{L}\p{N} _.-]{1,64}$/u;
const MAX_INSIDE = 2_000;
// An escaped opening, or a pair of braces around anything without braces or a line break.
const TOKEN = /\\\{\{|\{\{([^{}\n]*)\}\}/g;

/** The variable a `{{…}}` holds, or null when it is not one (then it stays text). */
function readVariable(inside: string): { name: string; options?: string[] } | null {
  if (inside.length > MAX_INSIDE) return null;
  const colon = inside.indexOf(':');
  const name = (colon < 0 ? inside : inside.slice(0, colon)).trim();
  if (!VARIABLE_NAME.test(name)) return null;
  if (colon < 0) return { name };
  const options = inside
    .slice(colon + 1)
    .split('|')
    .map((o) => o.trim())
    .filter(Boolean);
  return options.length ? { name, options } : { name };
}

/** Splits a template into plain runs (escapes resolved) and variables, in order. */
export function parseTemplate(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    plain += text.slice(last, match.index);
    last = match.index + match[0].length;
    const variable = match[0] === '\\{{' ? null : readVariable(match[1] ?? '');
    if (match[0] === '\\{{') plain += '{{';
    else if (variable) {
      if (plain) parts.push({ kind: 'text', text: plain });
      plain = '';
      parts.push({ kind: 'variable', ...variable, raw: match[0] });
    } else plain += match[0];
  }
  plain += text.slice(last);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}

export const isBuiltin = (name: string): name is BuiltinVariable => (BUILTIN_VARIABLES as readonly string[]).includes(name);

/** The template's variables in order of first appearance; a repeated name keeps its first options. */
export function templateVariables(text: string): TemplateVariable[] {
  const seen = new Map<string, TemplateVariable>();
  for (const part of parseTemplate(text)) {
    if (part.kind !== 'variable' || seen.has(part.name)) continue;
    seen.set(part.name, { name: part.name, ...(part.options ? { options: part.options } : {}), ...(isBuiltin(part.name) ? { builtin: true } : {}) });
  }
  return [...seen.values()];
}

/** The text with each variable replaced by its value; a variable without a value (or an empty one) stays as written. */
export function fillTemplate(text: string, values: Readonly<Record<string, string | undefined>>): string {
  return parseTemplate(text)
    .map((part) => (part.kind === 'text' ? part.text : values[part.name] || part.raw))
    .join('');
}

/** The built-ins' values for a member on a day: YYYY-MM-DD in local time, full name, business unit. */
export function builtinValues(user: { firstName: string; lastName: string; businessUnit: string }, today = new Date()): Record<BuiltinVariable, string> {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    current_date: `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`,
    current_user: `${user.firstName} ${user.lastName}`.trim(),
    business_unit: user.businessUnit,
  };
}

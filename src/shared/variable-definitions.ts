import { fillTemplate, isBuiltin, type TemplateVariable, templateVariables } from './template-variables';

/**
 * What a prompt says about each of its template variables: a type (which control the runner draws), a
 * label, a description, a default, whether it must be filled, and for choices the options. A variable
 * without a definition is text, or a choice when the template lists options (`{{tone:formal|casual}}`).
 * Zod-free and shared: the server checks values and fills prompts (render, MCP), the runner the same.
 */

export const VARIABLE_TYPES = ['text', 'longText', 'choice', 'multiChoice', 'number', 'date', 'checkbox'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

export type VariableValue = string | number | boolean | string[];

export interface VariableDefinition {
  name: string;
  type: VariableType;
  label?: string | undefined;
  description?: string | undefined;
  default?: VariableValue | undefined;
  required?: boolean | undefined;
  /** A choice's options; a checkbox's two words for checked and unchecked (else "yes" and "no"). */
  options?: string[] | undefined;
}

/** A variable as a prompt announces it: its definition, or what the template alone says of it. */
export type PromptVariable = VariableDefinition & { required: boolean; builtin?: boolean };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

const isChoice = (type: VariableType) => type === 'choice' || type === 'multiChoice';

/** Why `value` does not fit the definition (type and options; not required-ness), or null when it does. */
export function valueProblem(def: Pick<VariableDefinition, 'type' | 'options'>, value: VariableValue): string | null {
  switch (def.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'date':
      return isIsoDate(value) ? null : 'must be a date written YYYY-MM-DD';
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'multiChoice':
      if (!Array.isArray(value)) return 'must be a list of options';
      return value.every((v) => def.options?.includes(v)) ? null : `must be among: ${def.options?.join(', ')}`;
    case 'choice':
      return typeof value === 'string' && def.options?.includes(value) ? null : `must be one of: ${def.options?.join(', ')}`;
    default:
      return typeof value === 'string' ? null : 'must be text';
  }
}

/** Problems with a definition itself, as messages (its name is checked against the template elsewhere). */
export function definitionProblems(def: VariableDefinition): string[] {
  const problems: string[] = [];
  if (isBuiltin(def.name)) problems.push(`${def.name} is filled in automatically and cannot be defined`);
  const options = def.options ?? [];
  if (isChoice(def.type) && options.length === 0) problems.push(`${def.name} needs at least one option`);
  if (def.type === 'checkbox' && options.length !== 0 && options.length !== 2) problems.push(`${def.name} takes two words, for checked and unchecked, or none`);
  if (!isChoice(def.type) && def.type !== 'checkbox' && options.length) problems.push(`${def.name} is not a choice: it takes no options`);
  if (new Set(options).size !== options.length) problems.push(`${def.name} lists an option twice`);
  if (def.default !== undefined && !(Array.isArray(def.default) && def.default.length === 0 && def.type === 'multiChoice')) {
    const problem = valueProblem(def, def.default);
    if (problem) problems.push(`The default of ${def.name} ${problem}`);
  }
  return problems;
}

/** The prompt's variables in template order, each with its definition or what the template says. */
export function promptVariables(content: string, definitions: readonly VariableDefinition[]): PromptVariable[] {
  return templateVariables(content).map((v: TemplateVariable): PromptVariable => {
    const def = definitions.find((d) => d.name === v.name);
    if (def) return { ...def, required: def.required === true };
    return {
      name: v.name,
      type: v.options ? 'choice' : 'text',
      required: false,
      ...(v.options ? { options: v.options } : {}),
      ...(v.builtin ? { builtin: true } : {}),
    };
  });
}

/** The definitions whose variable is still in the template (a removed variable drops its definition). */
export function keptDefinitions(content: string, definitions: readonly VariableDefinition[]): VariableDefinition[] {
  const names = new Set(templateVariables(content).map((v) => v.name));
  return definitions.filter((d) => names.has(d.name));
}

const isEmptyValue = (value: VariableValue | undefined) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Per variable, why the values cannot fill the prompt: a required one left empty (a variable not given
 * takes its default, as filling does), or a value of the wrong type or outside its options. Empty when
 * they can.
 */
export function valueIssues(variables: readonly PromptVariable[], values: Readonly<Record<string, VariableValue | undefined>>): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const v of variables) {
    const value = values[v.name] ?? defaultValue(v);
    const label = v.label || v.name;
    if (isEmptyValue(value)) {
      // A checkbox left alone is unchecked: never missing.
      if (v.required && v.type !== 'checkbox') issues[v.name] = `${label} is required`;
      continue;
    }
    const problem = valueProblem(v, value!);
    if (problem) issues[v.name] = `${label} ${problem}`;
  }
  return issues;
}

/** A value as it goes into the text: lists joined with ", ", a checkbox as its words ("yes"/"no"). */
export function formatValue(v: Pick<VariableDefinition, 'type' | 'options'>, value: VariableValue | undefined): string {
  if (value === undefined) return '';
  if (v.type === 'checkbox') return value === true ? (v.options?.[0] ?? 'yes') : (v.options?.[1] ?? 'no');
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The value a variable takes when none is given: its default, a choice's first option, an unchecked checkbox. */
export function defaultValue(v: PromptVariable): VariableValue | undefined {
  if (v.default !== undefined) return v.default;
  if (v.type === 'checkbox') return false;
  return v.type === 'choice' ? v.options?.[0] : undefined;
}

/**
 * The content with each variable filled: the value given, else its default. A variable left without
 * either stays as written (`{{name}}`), so the reader sees what is missing.
 */
export function fillVariables(content: string, variables: readonly PromptVariable[], values: Readonly<Record<string, VariableValue | undefined>>): string {
  const text: Record<string, string> = {};
  for (const v of variables) {
    const value = values[v.name] ?? defaultValue(v);
    if (value !== undefined) text[v.name] = formatValue(v, value);
  }
  return fillTemplate(content, text);
}

const YES = ['true', 'yes', 'on', '1'];
const NO = ['false', 'no', 'off', '0'];

/**
 * Values that arrive as text (MCP arguments, a query string) in each variable's type: numbers, a
 * checkbox's yes or no, a multiple choice's comma-separated options. What does not read as its type is
 * kept as given, so that `valueIssues` names it.
 */
export function typedValues(variables: readonly PromptVariable[], raw: Readonly<Record<string, string | undefined>>): Record<string, VariableValue> {
  const typed: Record<string, VariableValue> = {};
  for (const [name, text] of Object.entries(raw)) {
    if (text === undefined) continue;
    const v = variables.find((x) => x.name === name);
    const word = text.trim().toLowerCase();
    if (v?.type === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) typed[name] = Number(text);
    else if (v?.type === 'checkbox' && (YES.includes(word) || NO.includes(word))) typed[name] = YES.includes(word);
    else if (v?.type === 'multiChoice')
      typed[name] = text
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
    else typed[name] = text;
  }
  return typed;
}

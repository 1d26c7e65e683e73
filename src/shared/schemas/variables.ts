import { z } from 'zod';
import { VARIABLE_NAME } from '../template-variables';
import { definitionProblems, VARIABLE_TYPES } from '../variable-definitions';

/** At most this many variables may be defined on one prompt. */
export const MAX_VARIABLE_DEFINITIONS = 50;

export const VARIABLE_MESSAGES = {
  name: 'A variable name is 1–64 letters, digits, spaces, _, - or .',
  type: `type must be one of: ${VARIABLE_TYPES.join(', ')}`,
  /** Followed by the names. */
  notInTemplate: 'These variables are not in the content: ',
  twice: 'A variable is defined twice: ',
} as const;

const variableValueSchema = z.union([
  z.string().max(2_000, 'A value must be at most 2,000 characters'),
  z.number(),
  z.boolean(),
  z.array(z.string().max(100, 'An option must be at most 100 characters')).max(50, 'At most 50 options'),
]);

const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

/** One variable's definition, as prompts are created and updated with it. */
export const variableDefinitionSchema = z
  .object({
    name: z.string({ error: VARIABLE_MESSAGES.name }).trim().regex(VARIABLE_NAME, VARIABLE_MESSAGES.name),
    type: z.enum(VARIABLE_TYPES, { error: VARIABLE_MESSAGES.type }),
    label: optionalText(100, 'A label'),
    description: optionalText(500, 'A description'),
    default: variableValueSchema.optional(),
    required: z.boolean({ error: 'required must be true or false' }).optional(),
    options: z
      .array(z.string().trim().min(1, 'An option cannot be empty').max(100, 'An option must be at most 100 characters'))
      .max(50, 'At most 50 options')
      .optional(),
  })
  .superRefine((def, ctx) => {
    for (const message of definitionProblems(def)) ctx.addIssue({ code: 'custom', message });
  });

export const variableDefinitionsSchema = z
  .array(variableDefinitionSchema, { error: 'variableDefinitions must be a list' })
  .max(MAX_VARIABLE_DEFINITIONS, `At most ${MAX_VARIABLE_DEFINITIONS} variables`)
  .superRefine((defs, ctx) => {
    const names = defs.map((d) => d.name);
    const twice = [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
    if (twice.length) ctx.addIssue({ code: 'custom', message: `${VARIABLE_MESSAGES.twice}${twice.join(', ')}` });
  });

/** A variable as a prompt announces it (GET /api/prompts/{id} `variables`): its definition, or the template's word. */
export const promptVariableSchema = z.object({
  name: z.string(),
  type: z.enum(VARIABLE_TYPES),
  label: z.string().optional(),
  description: z.string().optional(),
  default: variableValueSchema.optional(),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
  /** Filled in automatically (current_date, current_user, business_unit). */
  builtin: z.boolean().optional(),
});

/** A definition as saved and answered (GET /api/prompts/{id} `variableDefinitions`, versions). */
export const savedVariableDefinitionSchema = promptVariableSchema.omit({ builtin: true }).extend({ required: z.boolean().optional() });

/** POST /api/prompts/{id}/render: a value per variable (the built-ins are the caller's unless given). */
export const renderInputSchema = z.object({
  values: z.record(z.string().max(64, 'A variable name is at most 64 characters'), variableValueSchema).default({}),
});
export const renderResultSchema = z.object({ text: z.string() });
export type RenderResult = z.infer<typeof renderResultSchema>;

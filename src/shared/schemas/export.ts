import { z } from 'zod';

export const EXPORT_TYPES = ['prompts', 'users', 'business-units', 'form-fields'] as const;
export const EXPORT_FORMATS = ['csv', 'json'] as const;

const commaList = z
  .string()
  .max(4000)
  .optional()
  .transform((v) =>
    v
      ? [
          ...new Set(
            v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ]
      : [],
  );

export const exportQuerySchema = z.object({
  type: z.enum(EXPORT_TYPES, { error: 'type must be one of: prompts, users, business-units, form-fields' }),
  format: z.enum(EXPORT_FORMATS, { error: 'format must be csv or json' }).default('csv'),
  search: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  businessUnits: commaList,
  aiModels: commaList,
  tags: commaList,
  /** Only the prompts of this collection (and, in JSON, that collection only). */
  collection: z.uuid({ error: 'collection must be a collection id' }).optional(),
});
export type ExportQuery = z.output<typeof exportQuerySchema>;

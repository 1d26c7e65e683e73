import { z } from 'zod';
import { requiredText } from './common';

export const businessUnitInputSchema = z.object({
  name: requiredText('Business unit name is required', 100),
});
export type BusinessUnitInput = z.infer<typeof businessUnitInputSchema>;

export const businessUnitSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string().nullable(),
});
export type BusinessUnit = z.infer<typeof businessUnitSchema>;

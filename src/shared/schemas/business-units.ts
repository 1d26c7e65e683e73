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

/** Deleting a unit still in use: move its users and prompts to this unit first (its id). */
export const deleteBusinessUnitQuerySchema = z.object({
  moveTo: z.uuid({ error: 'Choose the business unit to move them to' }).optional(),
});

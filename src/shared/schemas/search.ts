import { z } from 'zod';

/** One group of search synonyms: terms that mean the same to people searching ("soccer", "football"). */
export const synonymGroupSchema = z.object({
  terms: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .min(1, 'A term cannot be empty')
        .max(60, 'Each term must be at most 60 characters')
        .refine((v) => /[\p{L}\p{N}]/u.test(v), 'Each term needs a letter or a digit'),
      { error: 'Terms must be a list of words' },
    )
    .max(20, 'A group has at most 20 terms')
    .transform((terms) => [...new Set(terms)])
    .refine((terms) => terms.length >= 2, 'Each group needs at least two terms'),
});
export type SynonymGroup = z.infer<typeof synonymGroupSchema>;

export const synonymListSchema = z.object({
  groups: z.array(synonymGroupSchema, { error: 'Groups must be a list' }).max(1000, 'At most 1,000 groups'),
});
export type SynonymList = z.infer<typeof synonymListSchema>;

/** The admin screen edits the list as text: one group a line, terms separated by commas. */
export const synonymsToText = (groups: SynonymGroup[]) => groups.map((g) => g.terms.join(', ')).join('\n');
export const synonymsFromText = (text: string): Array<{ terms: string[] }> =>
  text
    .split('\n')
    .map((line) =>
      line
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .filter((terms) => terms.length > 0)
    .map((terms) => ({ terms }));

/** The list as stored (answers carry no validation of their own). */
export const synonymListResponseSchema = z.object({ groups: z.array(z.object({ terms: z.array(z.string()) })) });

import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, MAX_TEXT_LENGTH } from '../constants';

/** Email: trimmed, lowercased, valid. */
export const emailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address' }).max(254, 'Email address is too long'));

/** A required, trimmed single-line text with a spec message for the empty case. */
export const requiredText = (message: string, max = MAX_TEXT_LENGTH) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const uuidParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid id' }),
});

export const messageResponseSchema = z.object({ message: z.string() });

/** PostgreSQL refuses U+0000 in text, so any request value holding one is refused up front. */
export const NUL_TEXT_MESSAGE = 'Text cannot contain NUL characters';
/** Half of a UTF-16 surrogate pair is not a character: refused up front like NUL. */
export const UNPAIRED_SURROGATE_MESSAGE = 'Text cannot contain unpaired surrogates (invalid Unicode)';

/** The page size of a list query (`?limit=`), the same words for every list. */
export const listLimitSchema = z.coerce
  .number({ error: 'Limit must be a number' })
  .int('Limit must be a whole number')
  .min(1, 'Limit must be at least 1')
  .max(LIST_MAX_LIMIT, `Limit must be at most ${LIST_MAX_LIMIT}`)
  .default(LIST_DEFAULT_LIMIT);

import { invalidFields } from '../errors';

// Keyset cursors of lists ordered newest first by (time, id): the trash and the audit log.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeTimeIdCursor = (at: Date, id: string) => Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');

/** The (time, id) of a cursor; anything malformed or tampered with is a 400 on `cursor`. */
export function decodeTimeIdCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const date = new Date(String(at));
    if (Number.isNaN(date.getTime()) || typeof id !== 'string' || !UUID.test(id)) throw new Error('bad cursor');
    return { at: date, id };
  } catch {
    throw invalidFields('Invalid cursor', { cursor: 'Invalid cursor' });
  }
}

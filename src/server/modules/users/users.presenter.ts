import type { PublicUser } from '../../../shared/schemas/auth';
import type { UserRow } from '../../db/schema';

/** The only place a user row becomes a response: the password hash can never leak. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    businessUnit: row.businessUnit,
    role: row.role,
    curatorUnits: row.curatorUnits,
    mustChangePassword: row.mustChangePassword === 'true' ? 'true' : 'false',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

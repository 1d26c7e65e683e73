// What other modules may do with users' rows (sign-up, sign-in, password reset, single sign-on): the
// functions of users.repo.ts they need, and no more. The repository itself is this module's own; an
// ESLint rule keeps other modules out of it, so that this list is the whole of what they depend on.
export { countUsers, findUserByEmail, findUserById, insertUser, type NewUser, syncAuthorName, updateUser } from './users.repo';
export { findPeople, searchWriters } from './users.directory';

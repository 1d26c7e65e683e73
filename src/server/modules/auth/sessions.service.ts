// What other modules may do with sessions: open one (single sign-on) and end a person's (an
// administrator's change to them). sessions.repo.ts stays this module's own; an ESLint rule keeps
// other modules out of it.
export { createSession, revokeUserSessions } from './sessions.repo';

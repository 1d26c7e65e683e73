/** Business constants, shared by server and client. */
export const ROLES = ['read', 'edit', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  edit: 'Editor',
  read: 'Read Only',
};

/** How often the web app asks for the inbox's unread count (items must show within 30 s). */
export const INBOX_POLL_MS = 20_000;

export const FORM_FIELD_TYPES = ['text', 'textarea', 'checkbox', 'select', 'multiselect', 'tags', 'business-units'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** The six field names the prompt form knows natively; any other enabled field is a custom field. */
export const KNOWN_FIELD_NAMES = ['title', 'content', 'notes', 'aiModels', 'tags', 'userBusinessUnit'] as const;

/** Every path that sets a password applies these bounds (see password-policy.ts). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_TEXT_LENGTH = 200;
export const MAX_LONG_TEXT_LENGTH = 100_000;

export const UNAUTHORIZED_REDIRECT_MS = 500;
export const RESET_SUCCESS_REDIRECT_MS = 3000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';

export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 200;

/**
 * Shown above a list found with some of the search's words. Here rather than beside the list schema:
 * the list page shows it, and the schema module would bring zod into the page's first load.
 */
export const SOME_WORDS_NOTICE = 'No prompt has all of these words; showing prompts with some of them';

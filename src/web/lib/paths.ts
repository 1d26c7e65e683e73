/** Every client URL in one place. */
export const paths = {
  landing: '/',
  auth: '/auth',
  /** Where single sign-on lands: exchanges the one-time code for a session. */
  sso: '/auth/sso',
  resetRequest: '/password-reset/request',
  resetPassword: '/reset-password',
  allPrompts: '/all-prompts',
  myPrompts: '/my-prompts',
  favorites: '/favorites',
  recent: '/recent',
  trash: '/trash',
  /** A curator's verified prompts whose review date has passed. */
  review: '/review',
  /** What happened to the member's prompts, suggestions and roles. */
  inbox: '/inbox',
  /** Suggested edits: those the member decides, and those they made. */
  suggestions: '/suggestions',
  createPrompt: '/create-prompt',
  /** The create form, prefilled from prompt `id` ("Make a copy"). */
  copyPrompt: (id: string) => `/create-prompt?copy=${encodeURIComponent(id)}`,
  editPrompt: (id: string) => `/edit-prompt/${id}`,
  prompt: (id: string) => `/prompts/${id}`,
  /** The prompt's page open on its Suggestions tab. */
  promptSuggestions: (id: string) => `/prompts/${id}?tab=suggestions`,
  /** The start of a collection's page, `/collections/{id}`. */
  collections: '/collections/',
  collection: (id: string) => `/collections/${id}`,
  /** Shared pieces of text that prompts include with `{{> name}}`. */
  snippets: '/snippets',
  snippet: (id: string) => `/snippets/${id}`,
  userManagement: '/user-management',
  formFieldManagement: '/form-field-management',
  businessUnits: '/business-units',
  exportData: '/export-data',
  importData: '/import-data',
  aiApplications: '/ai-applications',
  tags: '/tags',
  auditLog: '/audit-log',
  libraryHealth: '/library-health',
  apiTokens: '/api-tokens',
  apiTokenManagement: '/api-token-management',
} as const;

export const ADMIN_PATHS: readonly string[] = [
  paths.userManagement,
  paths.formFieldManagement,
  paths.businessUnits,
  paths.aiApplications,
  paths.tags,
  paths.exportData,
  paths.importData,
  paths.auditLog,
  paths.libraryHealth,
  paths.apiTokenManagement,
];

/** Only same-origin relative paths may be used as a post-login destination. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith(paths.auth)) return null;
  return next;
}

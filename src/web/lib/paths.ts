/** Every client URL in one place. */
export const paths = {
  landing: '/',
  auth: '/auth',
  resetRequest: '/password-reset/request',
  resetPassword: '/reset-password',
  allPrompts: '/all-prompts',
  myPrompts: '/my-prompts',
  createPrompt: '/create-prompt',
  editPrompt: (id: string) => `/edit-prompt/${id}`,
  prompt: (id: string) => `/prompts/${id}`,
  userManagement: '/user-management',
  formFieldManagement: '/form-field-management',
  businessUnits: '/business-units',
  exportData: '/export-data',
  aiApplications: '/ai-applications',
} as const;

export const ADMIN_PATHS: readonly string[] = [paths.userManagement, paths.formFieldManagement, paths.businessUnits, paths.aiApplications, paths.exportData];

/** Only same-origin relative paths may be used as a post-login destination. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith(paths.auth)) return null;
  return next;
}

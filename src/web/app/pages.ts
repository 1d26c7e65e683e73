import { lazy } from 'react';

// Route pages are loaded on demand so the sign-in screen stays small.
export const AllPromptsPage = lazy(() => import('../features/prompts/components/all-prompts-page').then((m) => ({ default: m.AllPromptsPage })));
export const MyPromptsPage = lazy(() => import('../features/prompts/components/my-prompts-page').then((m) => ({ default: m.MyPromptsPage })));
export const PromptFormPage = lazy(() => import('../features/prompts/components/prompt-form-page').then((m) => ({ default: m.PromptFormPage })));
export const PromptPage = lazy(() => import('../features/prompts/components/prompt-page').then((m) => ({ default: m.PromptPage })));
export const UserManagementPage = lazy(() =>
  import('../features/users/components/user-management-page').then((m) => ({ default: m.UserManagementPage })),
);
export const FormFieldManagementPage = lazy(() =>
  import('../features/form-fields/components/form-field-management-page').then((m) => ({ default: m.FormFieldManagementPage })),
);
export const BusinessUnitsPage = lazy(() =>
  import('../features/business-units/components/business-units-page').then((m) => ({ default: m.BusinessUnitsPage })),
);
export const ExportDataPage = lazy(() => import('../features/export/components/export-data-page').then((m) => ({ default: m.ExportDataPage })));

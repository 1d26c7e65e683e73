import { lazy } from 'react';
import { useFilters } from '../features/prompts/filters/filter-context';

// Route pages are loaded on demand so the sign-in screen stays small.
export const AllPromptsPage = lazy(() => import('../features/prompts/components/all-prompts-page').then((m) => ({ default: m.AllPromptsPage })));
export const MyPromptsPage = lazy(() => import('../features/prompts/components/my-prompts-page').then((m) => ({ default: m.MyPromptsPage })));
export const FavoritesPage = lazy(() => import('../features/prompts/components/favorites-page').then((m) => ({ default: m.FavoritesPage })));
export const RecentPage = lazy(() => import('../features/prompts/components/recent-page').then((m) => ({ default: m.RecentPage })));
export const TrashPage = lazy(() => import('../features/prompts/components/trash-page').then((m) => ({ default: m.TrashPage })));
/** The review queue acts through the prompts feature's status call, composed in review-composition. */
export const ReviewPage = lazy(() => import('./review-composition').then((m) => ({ default: m.ReviewRoute })));
export const InboxPage = lazy(() => import('../features/inbox/components/inbox-page').then((m) => ({ default: m.InboxPage })));
export const SuggestionsPage = lazy(() => import('../features/suggestions/components/suggestions-page').then((m) => ({ default: m.SuggestionsPage })));
/** Suggested edits on the prompt's page: its button and tab. */
export const loadSuggestions = () => import('./suggestions-composition');
export const PromptFormPage = lazy(() => import('../features/prompts/components/prompt-form-page').then((m) => ({ default: m.PromptFormPage })));
export const PromptPage = lazy(() => import('../features/prompts/components/prompt-page').then((m) => ({ default: m.PromptPage })));
export const UserManagementPage = lazy(() => import('../features/users/components/user-management-page').then((m) => ({ default: m.UserManagementPage })));
/** The form field screen gets the business units dialog from its own feature, composed here. */
export const FormFieldManagementPage = lazy(async () => {
  const [fields, units] = await Promise.all([
    import('../features/form-fields/components/form-field-management-page'),
    import('../features/business-units/components/manage-business-units-dialog'),
  ]);
  return { default: () => <fields.FormFieldManagementPage manageUnits={<units.ManageBusinessUnitsButton />} /> };
});
export const BusinessUnitsPage = lazy(() =>
  import('../features/business-units/components/business-units-page').then((m) => ({ default: m.BusinessUnitsPage })),
);
/** The export screen can apply the sidebar's prompt filters, which belong to the prompts feature. */
export const ExportDataPage = lazy(async () => {
  const m = await import('../features/export/components/export-data-page');
  return {
    default: function ExportWithFilters() {
      const { businessUnits, aiModels, tags } = useFilters();
      return <m.ExportDataPage filters={{ businessUnits, aiModels, tags }} />;
    },
  };
});
export const AiApplicationsPage = lazy(() =>
  import('../features/ai-applications/components/ai-applications-page').then((m) => ({ default: m.AiApplicationsPage })),
);
export const TagsPage = lazy(() => import('../features/tags/components/tags-page').then((m) => ({ default: m.TagsPage })));
export const ImportDataPage = lazy(() => import('../features/import/components/import-data-page').then((m) => ({ default: m.ImportDataPage })));
export const ApiTokensPage = lazy(() => import('../features/api-tokens/components/api-tokens-page').then((m) => ({ default: m.ApiTokensPage })));
export const AdminApiTokensPage = lazy(() =>
  import('../features/api-tokens/components/admin-api-tokens-page').then((m) => ({ default: m.AdminApiTokensPage })),
);
export const LibraryHealthPage = lazy(() =>
  import('../features/library-health/components/library-health-page').then((m) => ({ default: m.LibraryHealthPage })),
);
export const SnippetsPage = lazy(() => import('../features/snippets/components/snippets-page').then((m) => ({ default: m.SnippetsPage })));
export const SnippetPage = lazy(() => import('../features/snippets/components/snippet-page').then((m) => ({ default: m.SnippetPage })));
export const AuditLogPage = lazy(() => import('../features/audit/components/audit-log-page').then((m) => ({ default: m.AuditLogPage })));
/** The collection screens and actions, one chunk for all (each extra import site would list its files again). */
export const loadCollections = () => import('./collections-composition');
export const CollectionPage = lazy(() => loadCollections().then((m) => ({ default: m.CollectionRoute })));
export const CollectionsSidebar = lazy(() => loadCollections().then((m) => ({ default: m.CollectionsSidebar })));

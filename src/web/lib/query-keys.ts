import type { QueryClient } from '@tanstack/react-query';

/**
 * Every cached server call's key, in one place. A key starts with the call's URL (the query function
 * turns it back into the request), so invalidating a URL prefix reaches every view of it: `prompts`
 * covers each list filter and sort of /api/prompts and each prompt under /api/prompts/{id}.
 */
export const queryKeys = {
  currentUser: ['/api/user'],
  /** Which ways of signing in the server offers (single sign-on, passwords). */
  authOptions: ['/api/auth/options'],
  businessUnits: ['/api/business-units'],
  adminBusinessUnits: ['/api/admin/business-units'],
  adminUsers: ['/api/admin/users'],
  adminFormFields: ['/api/admin/form-fields'],
  formFields: ['/api/form-fields'],
  /** What a new prompt gets: its visibility and, for units, the writer's own unit. */
  promptDefaults: ['/api/prompt-defaults'],
  aiModels: ['/api/ai-models'],
  tags: ['/api/tags'],
  /** The Tags admin screen: every tag with how many prompts carry it. */
  adminTags: ['/api/admin/tags'],
  prompts: ['/api/prompts'],
  myPrompts: ['/api/prompts/my'],
  recentPrompts: ['/api/prompts/recent'],
  trash: ['/api/trash'],
  prompt: (id: string | undefined) => ['/api/prompts', id] as const,
  /** Under the prompt's own key, so whatever refreshes the prompt refreshes who owns it. */
  promptOwners: (id: string) => ['/api/prompts', id, 'owners'] as const,
  /** Prompts related to one: under its key, so whatever refreshes the prompt reads them again. */
  relatedPrompts: (id: string) => ['/api/prompts', id, 'related'] as const,
  /** Near-copies of a text being written: under the prompts' key, so any prompt's change asks again. */
  similarPrompts: (asked: { title: string; content: string; excludeId?: string }) => ['/api/prompts', 'similar', asked] as const,
  /** Members who can own a prompt, by the text searched for. */
  promptWriters: ['/api/prompt-writers'],
  /** A curator's review queue (verifications that ran out). */
  reviewQueue: ['/api/review'],
  /** Pages of the member's inbox; `[…, { unread, limit }]` per tab, with the cursor as the page parameter. */
  inbox: ['/api/inbox'],
  /** The bell's count: its own URL, so polling it never refetches the inbox's pages. */
  inboxUnread: ['/api/inbox/unread'],
  inboxSettings: ['/api/inbox/settings'],
  /** Suggested edits across prompts: those the member decides, and those they made. */
  suggestions: ['/api/suggestions'],
  /** A prompt's suggested edits: under the prompt's own key, so an edit of the prompt reads them again (their diffs are against its text). */
  promptSuggestions: (id: string) => ['/api/prompts', id, 'suggestions'] as const,
  filterCounts: ['/api/filter/counts'],
  filterValues: ['/api/filter/values'],
  filterTags: ['/api/filter/tags'],
  filterAiModels: ['/api/filter/ai-models'],
  /** Pages of the audit log; each filter set is its own key, with the cursor passed as the page parameter. */
  adminAudit: ['/api/admin/audit'],
  exportCount: (params: Record<string, string>) => ['/api/admin/export/count', params] as const,
  /** The collections a member sees; `[…, id]` one of them, `[…, { prompt }]` with which hold a prompt. */
  collections: ['/api/collections'],
  /** The snippets a member sees (`[…, { search, limit }]`); `[…, id]` one of them, with where it is used. */
  snippets: ['/api/snippets'],
  /** Library Health's lists (`…/units`, `…/unused`, `…/duplicates`, …) per unit and options, with the cursor as the page parameter. */
  libraryHealth: ['/api/admin/library-health'],
  /** Starts the near-copy cluster job (its progress comes with each page of clusters). */
  clusterJob: ['/api/admin/library-health/duplicates/job'],
  /** The signed-in member's own API tokens. */
  apiTokens: ['/api/tokens'],
  /** Pages of every member's API tokens (admins), with the cursor passed as the page parameter. */
  adminApiTokens: ['/api/admin/tokens'],
} as const;

function invalidate(qc: QueryClient, keys: ReadonlyArray<readonly unknown[]>): void {
  for (const queryKey of keys) {
    void qc.invalidateQueries({ queryKey });
    // A read already under way for a view not on screen (a list refreshed by an earlier action, then
    // left for the form) would land after this write with what was there before it, and count as fresh
    // for ever (nothing here goes stale by time): cancel it, and mark the view to be read again.
    if (qc.isFetching({ queryKey, type: 'inactive' })) {
      void qc.cancelQueries({ queryKey, type: 'inactive' }).then(() => qc.invalidateQueries({ queryKey, refetchType: 'none' }));
    }
  }
}

/** Everything that shows prompts: both lists, each prompt, the sidebar counts and the catalog lists. */
const PROMPT_VIEWS = [
  queryKeys.prompts,
  // A collection counts the prompts its viewer sees.
  queryKeys.collections,
  queryKeys.myPrompts,
  queryKeys.recentPrompts,
  queryKeys.filterCounts,
  queryKeys.filterValues,
  queryKeys.filterTags,
  queryKeys.filterAiModels,
  queryKeys.tags,
  queryKeys.adminTags,
  // An edit can end a verification; a status change can add or end one.
  queryKeys.reviewQueue,
];

/**
 * What to refetch after each kind of change, named by the change rather than by the screens, so a
 * new screen that shows (say) author names is refreshed by adding its key here once.
 */
export const refreshAfter = {
  /** A prompt created, edited or deleted (deleted prompts go to the trash). */
  promptChange: (qc: QueryClient) => invalidate(qc, [...PROMPT_VIEWS, queryKeys.trash]),
  /** A prompt restored from the trash, or deleted from it for good. */
  trashChange: (qc: QueryClient) => invalidate(qc, [...PROMPT_VIEWS, queryKeys.trash]),
  /** A user created, edited (names, unit, role), reset or deleted: prompts show their author's name and unit. */
  userChange: (qc: QueryClient) =>
    invalidate(qc, [queryKeys.adminUsers, queryKeys.businessUnits, queryKeys.currentUser, queryKeys.promptDefaults, ...PROMPT_VIEWS]),
  /** The signed-in member changed their own names or unit. */
  profileChange: (qc: QueryClient) => invalidate(qc, [queryKeys.businessUnits, queryKeys.adminUsers, queryKeys.promptDefaults, ...PROMPT_VIEWS]),
  /** A business unit created, renamed or deleted: users and prompts carry the unit's name. */
  businessUnitChange: (qc: QueryClient) =>
    invalidate(qc, [
      queryKeys.adminBusinessUnits,
      queryKeys.businessUnits,
      queryKeys.adminUsers,
      queryKeys.currentUser,
      queryKeys.promptDefaults,
      ...PROMPT_VIEWS,
    ]),
  /** A form field created, edited, reordered or deleted. */
  formFieldChange: (qc: QueryClient) => invalidate(qc, [queryKeys.adminFormFields, queryKeys.formFields]),
  /** A custom AI application added, or one renamed (the name is carried to its prompts) or given a launch URL. */
  aiModelChange: (qc: QueryClient) => invalidate(qc, [queryKeys.aiModels, ...PROMPT_VIEWS]),
  /** A tag renamed, merged or deleted: carried into every prompt, the filter values and the tag suggestions. */
  tagChange: (qc: QueryClient) => invalidate(qc, PROMPT_VIEWS),
  /** A prompt added to, removed from or moved in a collection, or a collection deleted: its lists and counts too. */
  collectionItemsChange: (qc: QueryClient) =>
    invalidate(qc, [queryKeys.collections, queryKeys.prompts, queryKeys.myPrompts, queryKeys.filterCounts, queryKeys.filterValues]),
  /** A suggested edit made: its prompt's list and count, and the lists across prompts. */
  suggestionMade: (qc: QueryClient, promptId: string) => invalidate(qc, [queryKeys.prompt(promptId), queryKeys.suggestions]),
  /** A suggested edit accepted (a new version of its prompt) or declined. */
  suggestionDecided: (qc: QueryClient) => invalidate(qc, [...PROMPT_VIEWS, queryKeys.suggestions]),
  /** A snippet created, changed, renamed or deleted: the prompts that include it read differently (a rename rewrites them). */
  snippetChange: (qc: QueryClient) => invalidate(qc, [queryKeys.snippets, ...PROMPT_VIEWS]),
  /** An API token created or revoked: an admin sees their own in both lists. */
  tokenChange: (qc: QueryClient) => invalidate(qc, [queryKeys.apiTokens, queryKeys.adminApiTokens]),
};

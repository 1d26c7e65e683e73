import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import type { PublicUser } from '../../shared/schemas/auth';
import { useCurrentUser } from '../lib/current-user';
import { paths, safeNextPath } from '../lib/paths';
import { DelayedSplash } from './delayed-splash';
import { AppShell } from './layout/app-shell';
import { RouteErrorBoundary } from './route-error-boundary';
import { usePasswordChangeGate } from './use-password-change-gate';

// The signed-out screens and the forced password change load on demand: a signed-in member's first
// page does not download the forms, their validation library or react-hook-form.
const LandingPage = lazy(() => import('../features/auth/components/landing-page').then((m) => ({ default: m.LandingPage })));
const AuthPage = lazy(() => import('../features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })));
const SsoPage = lazy(() => import('../features/auth/components/sso-page').then((m) => ({ default: m.SsoPage })));
const ResetRequestPage = lazy(() => import('../features/auth/components/reset-request-page').then((m) => ({ default: m.ResetRequestPage })));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const ChangePasswordDialog = lazy(() => import('../features/auth/components/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })));
import {
  AdminApiTokensPage,
  AiApplicationsPage,
  AllPromptsPage,
  ApiTokensPage,
  AuditLogPage,
  LibraryHealthPage,
  SnippetPage,
  SnippetsPage,
  BusinessUnitsPage,
  CollectionPage,
  ExportDataPage,
  FavoritesPage,
  FormFieldManagementPage,
  ImportDataPage,
  InboxPage,
  MyPromptsPage,
  PromptFormPage,
  PromptPage,
  RecentPage,
  ReviewPage,
  SuggestionsPage,
  TagsPage,
  TrashPage,
  UserManagementPage,
} from './pages';
import { SignedInProviders, sidebarFilters } from './signed-in-composition';

function RedirectToAuth() {
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  return <Navigate to={next === '/' ? paths.auth : `${paths.auth}?next=${encodeURIComponent(next)}`} replace />;
}

/** Signed in on /auth (e.g. right after login): go where the visitor was heading, else home. */
function LeaveAuth() {
  const [params] = useSearchParams();
  return <Navigate to={safeNextPath(params.get('next')) ?? paths.landing} replace />;
}

function AdminOnly({ user, children }: { user: PublicUser; children: ReactNode }) {
  return user.role === 'admin' ? children : <Navigate to={paths.allPrompts} replace />;
}

function SignedInRoutes({ user }: { user: PublicUser }) {
  usePasswordChangeGate();
  const admin = (page: ReactNode) => <AdminOnly user={user}>{page}</AdminOnly>;
  const curatorOrAdmin = (page: ReactNode) => (user.role === 'admin' || user.curatorUnits.length > 0 ? page : <Navigate to={paths.allPrompts} replace />);
  return (
    <SignedInProviders>
      <Routes>
        <Route path="/" element={<Navigate to={paths.allPrompts} replace />} />
        <Route path={paths.auth} element={<LeaveAuth />} />
        <Route path={paths.sso} element={<LeaveAuth />} />
        <Route element={<AppShell user={user} filters={sidebarFilters} />}>
          <Route path={paths.allPrompts} element={<AllPromptsPage />} />
          <Route path={paths.myPrompts} element={<MyPromptsPage />} />
          <Route path={paths.favorites} element={<FavoritesPage />} />
          <Route path={paths.recent} element={<RecentPage />} />
          <Route path={paths.trash} element={<TrashPage />} />
          <Route path={paths.review} element={<ReviewPage />} />
          <Route path={paths.inbox} element={<InboxPage />} />
          <Route path={paths.suggestions} element={<SuggestionsPage />} />
          <Route path={paths.createPrompt} element={<PromptFormPage />} />
          <Route path="/edit-prompt/:id" element={<PromptFormPage />} />
          <Route path="/prompts/:id" element={<PromptPage />} />
          <Route path="/collections/:id" element={<CollectionPage />} />
          <Route path={paths.snippets} element={<SnippetsPage />} />
          <Route path="/snippets/:id" element={<SnippetPage />} />
          <Route path={paths.apiTokens} element={<ApiTokensPage />} />
          <Route path={paths.userManagement} element={admin(<UserManagementPage />)} />
          <Route path={paths.formFieldManagement} element={admin(<FormFieldManagementPage />)} />
          <Route path={paths.businessUnits} element={admin(<BusinessUnitsPage />)} />
          <Route path={paths.aiApplications} element={admin(<AiApplicationsPage />)} />
          <Route path={paths.tags} element={admin(<TagsPage />)} />
          <Route path={paths.exportData} element={admin(<ExportDataPage />)} />
          <Route path={paths.importData} element={admin(<ImportDataPage />)} />
          <Route path={paths.auditLog} element={admin(<AuditLogPage />)} />
          <Route path={paths.libraryHealth} element={curatorOrAdmin(<LibraryHealthPage user={user} />)} />
          <Route path={paths.apiTokenManagement} element={admin(<AdminApiTokensPage />)} />
        </Route>
        <Route path="*" element={<Navigate to={paths.allPrompts} replace />} />
      </Routes>
      {user.mustChangePassword === 'true' ? (
        <Suspense>
          <ChangePasswordDialog mode="forced" open />
        </Suspense>
      ) : null}
    </SignedInProviders>
  );
}

/** The route table. While the current-user call loads, a splash appears if it takes more than 300 ms. */
export function AppRoutes() {
  const { data: user, isLoading } = useCurrentUser();
  const { pathname } = useLocation();
  if (isLoading) return <DelayedSplash />;
  if (!user) {
    return (
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<DelayedSplash />}>
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route path={paths.auth} element={<AuthPage />} />
            <Route path={paths.sso} element={<SsoPage />} />
            <Route path={paths.resetRequest} element={<ResetRequestPage />} />
            <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
            <Route path="*" element={<RedirectToAuth />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    );
  }
  return <SignedInRoutes user={user} />;
}

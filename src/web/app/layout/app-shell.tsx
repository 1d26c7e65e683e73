import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { canCreatePrompt } from '../../../shared/policies/prompts';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Spinner } from '../../components/ui/spinner';
import { RouteErrorBoundary } from '../route-error-boundary';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';

const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));
// The palette (with cmdk) and the shortcut list are not part of the first page. The palette's code is
// fetched once the page is idle, so that the keys typed right after Ctrl+K reach its search box.
const loadCommandPalette = () => import('../command-palette/command-palette');
const CommandPalette = lazy(() => loadCommandPalette().then((m) => ({ default: m.CommandPalette })));
const ShortcutsDialog = lazy(() => import('../command-palette/shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })));

/** The signed-in frame: header, a sidebar (a drawer below 1024 px) and the routed page. */
export function AppShell({ user, filters }: { user: PublicUser; filters?: ReactNode }) {
  const [navOpen, setNavOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const isAdmin = user.role === 'admin';
  const canCreate = canCreatePrompt(user);
  const curates = isAdmin || user.curatorUnits.length > 0;
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => void loadCommandPalette(), 2_000);
    return () => clearTimeout(timer);
  }, []);
  useKeyboardShortcuts({ openPalette: () => setPaletteOpen(true), openHelp: () => setShortcutsOpen(true) });
  return (
    <div className="min-h-screen">
      {/* The first stop of the Tab key: past the header, the navigation and every filter checkbox. */}
      <a
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        className="sr-only rounded-md bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
      >
        Skip to content
      </a>
      <Header user={user} onOpenNav={() => setNavOpen(true)} />
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-64 shrink-0 border-r border-slate-200 bg-white lg:block" aria-label="Sidebar">
          <Sidebar isAdmin={isAdmin} canCreate={canCreate} curates={curates} filters={filters} />
        </aside>
        {/* The phone drawer loads when first opened: desktop visitors never need its dialog code. */}
        {navOpen ? (
          <Suspense>
            <NavDrawer open onOpenChange={setNavOpen}>
              <Sidebar isAdmin={isAdmin} canCreate={canCreate} curates={curates} filters={filters} onNavigate={() => setNavOpen(false)} />
            </NavDrawer>
          </Suspense>
        ) : null}
        <Suspense>
          {paletteOpen ? (
            <CommandPalette
              onOpenChange={setPaletteOpen}
              canCreate={canCreate}
              isAdmin={isAdmin}
              curates={curates}
              onShowShortcuts={() => setShortcutsOpen(true)}
            />
          ) : null}
          {shortcutsOpen ? <ShortcutsDialog onOpenChange={setShortcutsOpen} /> : null}
        </Suspense>
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
    </div>
  );
}

import { Activity, Braces, Check, FileText, History, LayoutList, Pencil, PlusCircle, Star, Trash2 } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { paths } from '../../lib/paths';
import { NavItem, type NavLinkInfo } from './nav-item';
// Loaded after the first page, with the rest of the collection screens.
import { CollectionsSidebar } from '../pages';

const mainLinks: NavLinkInfo[] = [
  { to: paths.allPrompts, label: 'All Prompts', icon: LayoutList },
  { to: paths.createPrompt, label: 'Create Prompt', icon: PlusCircle },
  { to: paths.myPrompts, label: 'My Prompts', icon: FileText },
  { to: paths.favorites, label: 'Favorites', icon: Star },
  { to: paths.recent, label: 'Recently Used', icon: History },
  { to: paths.snippets, label: 'Snippets', icon: Braces },
  // The check of the menus' chosen items: already in the first page's bundle, which is at its budget.
  { to: paths.review, label: 'Review', icon: Check },
  { to: paths.libraryHealth, label: 'Library Health', icon: Activity },
  // Suggested edits: the pencil of the lists' Edit action, already in the first page's bundle.
  { to: paths.suggestions, label: 'Suggestions', icon: Pencil },
  { to: paths.trash, label: 'Trash', icon: Trash2 },
];

/**
 * The pages a member can open, but the admin pages (admin-nav.tsx): the sidebar's links, and the command
 * palette's "Go to" entries. The review queue and Library Health are offered to those who curate something (admins, members given units).
 */
export function navigationLinks(canCreate: boolean, curates: boolean): NavLinkInfo[] {
  const curatorPages: string[] = [paths.review, paths.libraryHealth];
  return mainLinks.filter((l) => (canCreate || l.to !== paths.createPrompt) && (curates || !curatorPages.includes(l.to)));
}

// Only administrators see the Administration group: its links and their icons load for them alone,
// not with every member's first page (whose download is at its budget).
const AdminGroup = lazy(() => import('./admin-nav').then((m) => ({ default: m.AdminGroup })));

/** Navigation, the Administration group (admins only), and the filter panel supplied by the app shell (it draws itself only beside a list). */
export function Sidebar({
  isAdmin,
  canCreate,
  curates,
  filters,
  onNavigate,
}: {
  isAdmin: boolean;
  canCreate: boolean;
  curates: boolean;
  filters?: ReactNode;
  onNavigate?: () => void;
}) {
  const links = navigationLinks(canCreate, curates);
  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto px-3 py-5">
      <nav aria-label="Prompts" className="space-y-1">
        {links.map((l) => (
          <NavItem key={l.to} {...l} onNavigate={onNavigate} />
        ))}
      </nav>
      <Suspense>
        <CollectionsSidebar onNavigate={onNavigate} />
      </Suspense>
      {isAdmin ? (
        <Suspense>
          <AdminGroup onNavigate={onNavigate} />
        </Suspense>
      ) : null}
      {filters}
    </div>
  );
}

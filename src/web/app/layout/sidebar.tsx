import {
  Bot,
  ChevronDown,
  Building2,
  Download,
  Eye,
  FileText,
  History,
  KeyRound,
  LayoutList,
  type LucideIcon,
  PlusCircle,
  SlidersHorizontal,
  Star,
  Tags,
  Trash2,
  Upload,
  Users,
} from 'lucide-react';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { cn } from '../../lib/utils';
// Loaded after the first page, with the rest of the collection screens.
import { CollectionsSidebar } from '../pages';

export interface NavLinkInfo {
  to: string;
  label: string;
  icon: LucideIcon;
}

const mainLinks: NavLinkInfo[] = [
  { to: paths.allPrompts, label: 'All Prompts', icon: LayoutList },
  { to: paths.createPrompt, label: 'Create Prompt', icon: PlusCircle },
  { to: paths.myPrompts, label: 'My Prompts', icon: FileText },
  { to: paths.favorites, label: 'Favorites', icon: Star },
  { to: paths.recent, label: 'Recently Used', icon: History },
  { to: paths.trash, label: 'Trash', icon: Trash2 },
];

const adminLinks: NavLinkInfo[] = [
  { to: paths.userManagement, label: 'User Management', icon: Users },
  { to: paths.formFieldManagement, label: 'Form Field Management', icon: SlidersHorizontal },
  { to: paths.businessUnits, label: 'Business Units', icon: Building2 },
  { to: paths.aiApplications, label: 'AI Applications', icon: Bot },
  { to: paths.tags, label: 'Tags', icon: Tags },
  { to: paths.exportData, label: 'Export Data', icon: Download },
  { to: paths.importData, label: 'Import Data', icon: Upload },
  // Eye rather than a scroll: its drawing is already in the first page's bundle (for View), which is at its budget.
  { to: paths.auditLog, label: 'Audit Log', icon: Eye },
  // The key of the user menu's Change Password: already in the first page's bundle.
  { to: paths.apiTokenManagement, label: 'API Tokens', icon: KeyRound },
];

/** The pages a member can open: the sidebar's links, and the command palette's "Go to" entries. */
export function navigationLinks(canCreate: boolean, isAdmin: boolean): { main: NavLinkInfo[]; admin: NavLinkInfo[] } {
  return { main: mainLinks.filter((l) => canCreate || l.to !== paths.createPrompt), admin: isAdmin ? adminLinks : [] };
}

function NavItem({ to, label, icon: Icon, onNavigate }: { to: string; label: string; icon: LucideIcon; onNavigate?: () => void }) {
  return (
    <NavLink
      to={to}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
          isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      {label}
    </NavLink>
  );
}

const ADMIN_GROUP_KEY = 'sidebar.administration.open';

/**
 * The admin pages behind one disclosure button, so that the filters below stay in view on a laptop
 * screen. Opening or closing is remembered; arriving on an admin page opens it, to show where one is.
 * Storage may refuse (private mode, full): the choice then holds until the page reloads.
 */
function AdminGroup({ links, onNavigate }: { links: NavLinkInfo[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  // The sidebar can be drawn twice at once (beside the page and in the phone drawer): ids must differ.
  const listId = useId();
  const [open, setOpen] = useState(() => {
    try {
      return localStorage.getItem(ADMIN_GROUP_KEY) === 'true';
    } catch {
      return false;
    }
  });
  const [shownPath, setShownPath] = useState('');
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (links.some((l) => l.to === pathname)) setOpen(true);
  }
  const toggle = () => {
    setOpen(!open);
    try {
      localStorage.setItem(ADMIN_GROUP_KEY, String(!open));
    } catch {
      // Kept in memory only.
    }
  };
  return (
    <nav aria-label="Administration" className="space-y-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={toggle}
        className="flex w-full items-center justify-between rounded-md px-3 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase hover:bg-slate-100 hover:text-slate-800"
      >
        Administration
        <ChevronDown className={cn('h-4 w-4 transition-transform', open ? 'rotate-180' : '')} aria-hidden="true" />
      </button>
      <div id={listId} hidden={!open} className="space-y-1">
        {links.map((l) => (
          <NavItem key={l.to} {...l} onNavigate={onNavigate} />
        ))}
      </div>
    </nav>
  );
}

/** Navigation, the Administration group (admins only), and the filter panel supplied by the app shell (it draws itself only beside a list). */
export function Sidebar({ isAdmin, canCreate, filters, onNavigate }: { isAdmin: boolean; canCreate: boolean; filters?: ReactNode; onNavigate?: () => void }) {
  const links = navigationLinks(canCreate, isAdmin);
  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto px-3 py-5">
      <nav aria-label="Prompts" className="space-y-1">
        {links.main.map((l) => (
          <NavItem key={l.to} {...l} onNavigate={onNavigate} />
        ))}
      </nav>
      <Suspense>
        <CollectionsSidebar onNavigate={onNavigate} />
      </Suspense>
      {isAdmin ? <AdminGroup links={links.admin} onNavigate={onNavigate} /> : null}
      {filters}
    </div>
  );
}

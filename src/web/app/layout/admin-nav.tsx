import { Bot, Building2, ChevronDown, Download, Eye, KeyRound, SlidersHorizontal, Tags, Upload, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { cn } from '../../lib/utils';
import { NavItem, type NavLinkInfo } from './nav-item';

// The sidebar's Administration group and the admin pages' links (the command palette offers them too),
// loaded for administrators only.

export const adminLinks: NavLinkInfo[] = [
  { to: paths.userManagement, label: 'User Management', icon: Users },
  { to: paths.formFieldManagement, label: 'Form Field Management', icon: SlidersHorizontal },
  { to: paths.businessUnits, label: 'Business Units', icon: Building2 },
  { to: paths.aiApplications, label: 'AI Applications', icon: Bot },
  { to: paths.tags, label: 'Tags', icon: Tags },
  { to: paths.exportData, label: 'Export Data', icon: Download },
  { to: paths.importData, label: 'Import Data', icon: Upload },
  // Eye rather than a scroll: its drawing is already in the first page's bundle (for View), so this chunk adds none.
  { to: paths.auditLog, label: 'Audit Log', icon: Eye },
  // The key of the user menu's Change Password: already in the first page's bundle too.
  { to: paths.apiTokenManagement, label: 'API Tokens', icon: KeyRound },
];

const ADMIN_GROUP_KEY = 'sidebar.administration.open';

/**
 * The admin pages behind one disclosure button, so that the filters below stay in view on a laptop
 * screen. Opening or closing is remembered; arriving on an admin page opens it, to show where one is.
 * Storage may refuse (private mode, full): the choice then holds until the page reloads.
 */
export function AdminGroup({ onNavigate }: { onNavigate?: () => void }) {
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
    if (adminLinks.some((l) => l.to === pathname)) setOpen(true);
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
        {adminLinks.map((l) => (
          <NavItem key={l.to} {...l} onNavigate={onNavigate} />
        ))}
      </div>
    </nav>
  );
}

import { ChevronDown, KeyRound, LogOut, Menu as MenuIcon, Monitor, Moon, Sun, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ROLE_LABELS } from '../../../shared/constants';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Badge } from '../../components/ui/badge';
import { Logo } from '../../components/ui/logo';
import { MenuButton, MenuItem, MenuRadioGroup, MenuSeparator } from '../../components/ui/menu-button';
import { useTheme } from '../../lib/theme';
import { useLogout } from '../../features/auth/api/auth-calls';
import { useAuthOptions } from '../../features/auth/api/sso-calls';
import { InboxBell } from '../../features/inbox/components/inbox-bell';
import { paths } from '../../lib/paths';

const ProfileDialog = lazy(() => import('../../features/auth/components/profile-dialog').then((m) => ({ default: m.ProfileDialog })));
const ChangePasswordDialog = lazy(() => import('../../features/auth/components/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })));

const roleTone = { admin: 'red', edit: 'blue', read: 'grey' } as const;
export function Header({ user, onOpenNav }: { user: PublicUser; onOpenNav: () => void }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const [theme, setTheme] = useTheme();
  const [profileOpen, setProfileOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // With single sign-on only, the server refuses password changes: the menu does not offer one.
  const passwordsAllowed = useAuthOptions().data?.passwordSignIn !== false;
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() || user.email[0]?.toUpperCase();

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
      <button type="button" onClick={onOpenNav} className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden" aria-label="Open navigation">
        <MenuIcon className="h-5 w-5" aria-hidden="true" />
      </button>
      <Link to={paths.allPrompts} className="flex min-w-0 items-center gap-2.5 rounded-md" aria-label="AI Prompts Database home">
        <Logo />
        <span className="hidden truncate text-base font-semibold text-slate-900 sm:inline">AI Prompts Database</span>
      </Link>
      <div className="ml-auto flex items-center gap-3">
        <InboxBell />
        <Badge tone={roleTone[user.role]}>{ROLE_LABELS[user.role]}</Badge>
        <MenuButton
          triggerClassName="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm text-slate-700 hover:bg-slate-100"
          trigger={
            <>
              <span className="sr-only">User menu: </span>
              <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700">
                {initials}
              </span>
              <span className="hidden max-w-40 truncate font-medium md:inline">
                {user.firstName} {user.lastName}
              </span>
              <ChevronDown className="h-4 w-4 text-slate-400" aria-hidden="true" />
            </>
          }
        >
          <div className="px-2.5 py-2">
            <p className="truncate text-sm font-medium text-slate-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <MenuSeparator />
          <MenuItem onSelect={() => setProfileOpen(true)}>
            <UserRound className="h-4 w-4" aria-hidden="true" /> Edit Profile
          </MenuItem>
          {passwordsAllowed && (
            <MenuItem onSelect={() => setPasswordOpen(true)}>
              <KeyRound className="h-4 w-4" aria-hidden="true" /> Change Password
            </MenuItem>
          )}
          <MenuItem onSelect={() => navigate(paths.apiTokens)}>
            <KeyRound className="h-4 w-4" aria-hidden="true" /> API Tokens
          </MenuItem>
          <MenuSeparator />
          <MenuRadioGroup
            label="Theme"
            value={theme}
            onValueChange={setTheme}
            options={[
              { value: 'light', label: 'Light', icon: <Sun className="h-4 w-4" aria-hidden="true" /> },
              { value: 'dark', label: 'Dark', icon: <Moon className="h-4 w-4" aria-hidden="true" /> },
              { value: 'system', label: 'System', icon: <Monitor className="h-4 w-4" aria-hidden="true" /> },
            ]}
          />
          <MenuSeparator />
          <MenuItem onSelect={() => logout.mutate()}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
          </MenuItem>
        </MenuButton>
      </div>
      {/* Loaded when first opened: the forms and their validation are not part of every page's first load. */}
      <Suspense>
        {profileOpen ? <ProfileDialog user={user} open onOpenChange={setProfileOpen} /> : null}
        {passwordOpen ? <ChangePasswordDialog mode="menu" open onOpenChange={setPasswordOpen} /> : null}
      </Suspense>
    </header>
  );
}

import { Plus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AdminUser } from '../../../../shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useAdminUsers, useResetPassword, useSingleSignOnOnly } from '../api/user-admin';
import { DeleteUserDialog } from './delete-user-dialog';
import { type TemporaryPassword, TemporaryPasswordDialog } from './temporary-password-dialog';
import { UserDialog } from './user-dialog';
import { UserList } from './user-list';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorBox } from '../../../components/ui/error-box';

export function UserManagementPage() {
  usePageTitle('User Management');
  const { data: me } = useCurrentUser();
  const { data: users, isLoading, isError } = useAdminUsers();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [temporary, setTemporary] = useState<TemporaryPassword | null>(null);
  const reset = useResetPassword();
  // With single sign-on only, the server refuses password resets: none is offered.
  const { ssoOnly } = useSingleSignOnOnly();

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (users ?? []).filter((u) => !q || `${u.firstName} ${u.lastName} ${u.email} ${u.businessUnit}`.toLowerCase().includes(q));
  }, [users, search]);

  const confirmReset = () => {
    if (!resetting) return;
    reset.mutate(resetting.id, {
      onSuccess: (res) => {
        setResetting(null);
        setTemporary({ email: res.user.email, password: res.temporaryPassword, expiresAt: res.temporaryPasswordExpiresAt });
      },
      onError: () => toast({ title: 'Error', description: 'Failed to reset password', variant: 'destructive' }),
    });
  };

  return (
    <>
      <PageHeader
        title="User Management"
        description={ssoOnly ? 'Create accounts and set roles. Members sign in with single sign-on.' : 'Create accounts, set roles and reset passwords.'}
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              setDialogOpen(true);
            }}
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Create User
          </Button>
        }
      />
      <div className="mb-4 max-w-md">
        <Input type="search" aria-label="Search users" placeholder="Search users" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {isLoading ? (
        <Spinner label="Loading users..." />
      ) : isError ? (
        <ErrorBox>
          <p>Error loading users</p>
        </ErrorBox>
      ) : shown.length === 0 ? (
        <EmptyState icon={Users} title="No users found" />
      ) : (
        <UserList
          users={shown}
          currentUserId={me?.id}
          onEdit={(u) => {
            setEditing(u);
            setDialogOpen(true);
          }}
          onResetPassword={ssoOnly ? undefined : setResetting}
          onDelete={setDeleting}
        />
      )}
      <UserDialog user={editing} currentUserId={me?.id ?? ''} open={dialogOpen} onOpenChange={setDialogOpen} onCreated={setTemporary} />
      {deleting ? <DeleteUserDialog key={deleting.id} user={deleting} users={users ?? []} currentUserId={me?.id} onClose={() => setDeleting(null)} /> : null}
      <ConfirmDialog
        open={Boolean(resetting)}
        onOpenChange={(o) => !o && setResetting(null)}
        title="Reset password"
        confirmLabel="Reset Password"
        pendingLabel="Resetting..."
        pending={reset.isPending}
        destructive={false}
        onConfirm={confirmReset}
        description={<p>Reset the password of {resetting?.email}? They are signed out everywhere and must choose a new password at next sign-in.</p>}
      />
      <TemporaryPasswordDialog temporary={temporary} onClose={() => setTemporary(null)} />
    </>
  );
}

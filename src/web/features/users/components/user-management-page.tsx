import { Plus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AdminUser } from '../../../../shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, NativeSelect } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useAdminUsers, useDeleteUser, useResetPassword, useSingleSignOnOnly } from '../api/user-admin';
import { type TemporaryPassword, TemporaryPasswordDialog } from './temporary-password-dialog';
import { UserDialog } from './user-dialog';
import { UserList } from './user-list';
import { usePageTitle } from '../../../lib/page-title';

export function UserManagementPage() {
  usePageTitle('User Management');
  const { data: me } = useCurrentUser();
  const { data: users, isLoading, isError } = useAdminUsers();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [transferTo, setTransferTo] = useState('');
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [temporary, setTemporary] = useState<TemporaryPassword | null>(null);
  const del = useDeleteUser();
  const reset = useResetPassword();
  // With single sign-on only, the server refuses password resets: none is offered.
  const { ssoOnly } = useSingleSignOnOnly();

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (users ?? []).filter((u) => !q || `${u.firstName} ${u.lastName} ${u.email} ${u.businessUnit}`.toLowerCase().includes(q));
  }, [users, search]);

  const confirmDelete = () => {
    if (!deleting) return;
    del.mutate(
      { id: deleting.id, transferTo: transferTo || undefined },
      {
        onSuccess: () => {
          toast({ title: 'User deleted successfully' });
          setDeleting(null);
        },
        onError: () => toast({ title: 'Error', description: 'Failed to delete user', variant: 'destructive' }),
      },
    );
  };
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
        <p role="alert" className="text-sm text-red-600">
          Error loading users
        </p>
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
          onDelete={(u) => {
            setTransferTo('');
            setDeleting(u);
          }}
        />
      )}
      <UserDialog user={editing} currentUserId={me?.id ?? ''} open={dialogOpen} onOpenChange={setDialogOpen} onCreated={setTemporary} />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete user"
        confirmLabel="Delete User"
        pendingLabel="Deleting..."
        pending={del.isPending}
        onConfirm={confirmDelete}
        description={
          <p>
            Delete {deleting?.email}? They own {deleting?.promptCount ?? 0} prompt{deleting?.promptCount === 1 ? '' : 's'}, which will be deleted with them
            unless you transfer them.
          </p>
        }
      >
        {deleting && deleting.promptCount > 0 ? (
          <div className="mt-4 space-y-1.5">
            <label htmlFor="transfer-to" className="block text-sm font-medium text-slate-800">
              Transfer their prompts to
            </label>
            <NativeSelect id="transfer-to" value={transferTo} onChange={(e) => setTransferTo(e.target.value)}>
              <option value="">Nobody: delete the prompts too</option>
              {(users ?? [])
                .filter((u) => u.id !== deleting.id)
                .map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.firstName} {u.lastName} ({u.email})
                  </option>
                ))}
            </NativeSelect>
          </div>
        ) : null}
      </ConfirmDialog>
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

import { KeyRound, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ROLE_LABELS } from '../../../../shared/constants';
import type { AdminUser } from '../../../../shared/schemas/users';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, NativeSelect } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { formatDate } from '../../../lib/utils';
import { useAdminUsers, useDeleteUser, useResetPassword } from '../api/user-admin';
import { type TemporaryPassword, TemporaryPasswordDialog } from './temporary-password-dialog';
import { UserDialog } from './user-dialog';
import { usePageTitle } from '../../../lib/page-title';

const roleTone = { admin: 'red', edit: 'blue', read: 'grey' } as const;

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
        description="Create accounts, set roles and reset passwords."
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
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[880px] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                {['Name', 'Email', 'Business Unit', 'Role', 'Status', 'Prompts', 'Created', 'Actions'].map((h) => (
                  <th key={h} scope="col" className={h === 'Actions' ? 'px-4 py-3 text-right' : 'px-4 py-3 whitespace-nowrap'}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((u) => (
                <tr key={u.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3 font-medium whitespace-nowrap text-slate-900">
                    {u.firstName} {u.lastName}
                  </td>
                  <td className="max-w-56 truncate px-4 py-3 text-slate-700" title={u.email}>
                    {u.email}
                  </td>
                  <td className="px-4 py-3 text-slate-700">{u.businessUnit}</td>
                  <td className="px-4 py-3">
                    <Badge tone={roleTone[u.role]}>{ROLE_LABELS[u.role]}</Badge>
                  </td>
                  <td className="px-4 py-3">
                    {u.mustChangePassword === 'true' ? <Badge tone="amber">MUST CHANGE PASSWORD</Badge> : <Badge tone="green">ACTIVE</Badge>}
                  </td>
                  <td className="px-4 py-3 text-slate-700 tabular-nums">{u.promptCount.toLocaleString('en-US')}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(u.createdAt)}</td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${u.email}`}
                        onClick={() => {
                          setEditing(u);
                          setDialogOpen(true);
                        }}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button variant="ghost" size="icon" aria-label={`Reset password of ${u.email}`} onClick={() => setResetting(u)}>
                        <KeyRound className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      {u.id !== me?.id ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-red-600 hover:bg-red-50"
                          aria-label={`Delete ${u.email}`}
                          onClick={() => {
                            setTransferTo('');
                            setDeleting(u);
                          }}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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

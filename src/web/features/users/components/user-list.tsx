import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { ROLE_LABELS } from '../../../../shared/constants';
import type { AdminUser } from '../../../../shared/schemas/users';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useWideLayout } from '../../../lib/use-media-query';
import { cn, formatDate } from '../../../lib/utils';
import { CuratesLine } from './curator-units';

const roleTone = { admin: 'red', edit: 'blue', read: 'grey' } as const;

interface Props {
  users: AdminUser[];
  currentUserId: string | undefined;
  onEdit: (user: AdminUser) => void;
  /** Absent when members cannot hold passwords (single sign-on only): no reset is offered. */
  onResetPassword?: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

function StatusBadge({ user }: { user: AdminUser }) {
  return user.mustChangePassword === 'true' ? <Badge tone="amber">MUST CHANGE PASSWORD</Badge> : <Badge tone="green">ACTIVE</Badge>;
}

/** Edit, reset password and (for anyone but the viewer) delete. */
function UserActions({ user, currentUserId, onEdit, onResetPassword, onDelete }: Omit<Props, 'users'> & { user: AdminUser }) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${user.email}`} onClick={() => onEdit(user)}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </Button>
      {onResetPassword ? (
        <Button variant="ghost" size="icon" aria-label={`Reset password of ${user.email}`} onClick={() => onResetPassword(user)}>
          <KeyRound className="h-4 w-4" aria-hidden="true" />
        </Button>
      ) : null}
      {user.id !== currentUserId ? (
        <Button variant="ghost" size="icon" className="text-red-600 hover:bg-red-50" aria-label={`Delete ${user.email}`} onClick={() => onDelete(user)}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The columns, by priority: from 1280 px every column shows; below, Business Unit moves under the email
 * and Created is left out, so a row's actions never need a sideways scroll. Fixed widths (table-fixed)
 * keep long names and emails from pushing them out: those are cut short, whole in their title.
 */
const columns = [
  { label: 'Member', className: '' },
  { label: 'Business Unit', className: 'hidden w-36 xl:table-cell' },
  { label: 'Role', className: 'w-28' },
  { label: 'Status', className: 'w-48' },
  { label: 'Prompts', className: 'w-24 text-right' },
  { label: 'Created', className: 'hidden w-32 xl:table-cell' },
  { label: 'Actions', className: 'w-36 text-right' },
];

function UsersTable({ users, ...actions }: Props) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full table-fixed text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={cn('px-3 py-3 whitespace-nowrap', c.className)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((u) => (
            <tr key={u.id} className="hover:bg-slate-50">
              <td className="px-3 py-2.5">
                <p className="truncate font-medium text-slate-900" dir="auto" title={`${u.firstName} ${u.lastName}`}>
                  {u.firstName} {u.lastName}
                </p>
                <p className="truncate text-slate-600" title={u.email}>
                  {u.email}
                </p>
                <p className="truncate text-xs text-slate-500 xl:hidden" title={u.businessUnit}>
                  {u.businessUnit}
                </p>
                <CuratesLine user={u} className="xl:hidden" />
              </td>
              <td className="hidden px-3 py-2.5 text-slate-700 xl:table-cell">
                <p className="truncate" title={u.businessUnit}>
                  {u.businessUnit}
                </p>
                <CuratesLine user={u} />
              </td>
              <td className="px-3 py-2.5">
                <Badge tone={roleTone[u.role]}>{ROLE_LABELS[u.role]}</Badge>
              </td>
              <td className="px-3 py-2.5">
                <StatusBadge user={u} />
              </td>
              <td className="px-3 py-2.5 text-right text-slate-700 tabular-nums">{u.promptCount.toLocaleString('en-US')}</td>
              <td className="hidden px-3 py-2.5 whitespace-nowrap text-slate-600 xl:table-cell">{formatDate(u.createdAt)}</td>
              <td className="px-3 py-2.5">
                <UserActions user={u} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below 768 px each member is a card: the table's eight columns cannot fit without scrolling sideways. */
function UserCards({ users, ...actions }: Props) {
  return (
    <ul aria-label="Users" className="space-y-3">
      {users.map((u) => (
        <li key={u.id}>
          <Card className="p-4">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900" dir="auto" title={`${u.firstName} ${u.lastName}`}>
                  {u.firstName} {u.lastName}
                </p>
                <p className="truncate text-sm text-slate-600" title={u.email}>
                  {u.email}
                </p>
              </div>
              <UserActions user={u} {...actions} />
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <Badge tone={roleTone[u.role]}>{ROLE_LABELS[u.role]}</Badge>
              <StatusBadge user={u} />
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
              <div className="min-w-0">
                <dt className="text-slate-500">Business Unit</dt>
                <dd className="truncate text-slate-800" title={u.businessUnit}>
                  {u.businessUnit}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Prompts</dt>
                <dd className="text-slate-800 tabular-nums">{u.promptCount.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Created</dt>
                <dd className="text-slate-800">{formatDate(u.createdAt)}</dd>
              </div>
            </dl>
            <CuratesLine user={u} className="mt-2" />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The member list: a table on wide screens, cards on narrow ones. */
export function UserList(props: Props) {
  return useWideLayout() ? <UsersTable {...props} /> : <UserCards {...props} />;
}

import { useId, useState } from 'react';
import type { AdminUser } from '../../../../shared/schemas/users';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NativeSelect } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useDeleteUser } from '../api/user-admin';
import { countOf } from '../../../../shared/plural';

/** What becomes of the prompts of the member being deleted. */
type PromptFate = 'me' | 'other' | 'delete';

const promptCount = (n: number) => countOf(n, 'prompt');
const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/**
 * Deleting a member. Their prompts go to the admin doing it unless another choice is made: a click
 * through never destroys anyone's work. Trashed prompts follow the live ones, so they are always
 * transferred too (to the admin when the member has no live prompts, and no choice is shown).
 */
export function DeleteUserDialog({
  user,
  users,
  currentUserId,
  onClose,
}: {
  user: AdminUser;
  users: AdminUser[];
  currentUserId: string | undefined;
  onClose: () => void;
}) {
  const others = users.filter((u) => u.id !== user.id && u.id !== currentUserId);
  const [fate, setFate] = useState<PromptFate>(currentUserId ? 'me' : 'other');
  const [recipientId, setRecipientId] = useState(others[0]?.id ?? '');
  const del = useDeleteUser();
  const name = useId();
  const hasPrompts = user.promptCount > 0;
  const transferTo = fate === 'me' ? currentUserId : fate === 'other' ? recipientId || undefined : undefined;

  const confirm = () =>
    del.mutate(
      { id: user.id, transferTo: hasPrompts ? transferTo : currentUserId },
      {
        onSuccess: (result) => {
          toast({
            title: 'User deleted successfully',
            description: hasPrompts && fate !== 'delete' ? `${promptCount(result.transferred)} transferred.` : undefined,
          });
          onClose();
        },
        onError: () => toast({ title: 'Error', description: 'Failed to delete user', variant: 'destructive' }),
      },
    );

  const option = (value: PromptFate, label: string) => (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="radio" name={name} value={value} checked={fate === value} onChange={() => setFate(value)} className="shrink-0 accent-brand-600" />
      {label}
    </label>
  );

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete user"
      confirmLabel={hasPrompts && fate === 'delete' ? `Delete User and ${promptCount(user.promptCount)}` : 'Delete User'}
      pendingLabel="Deleting..."
      pending={del.isPending}
      onConfirm={confirm}
      description={
        <p className="break-words">
          Delete {fullName(user)} ({user.email})? {hasPrompts ? `They own ${promptCount(user.promptCount)}.` : 'They own no prompts.'} They can no longer sign
          in.
        </p>
      }
    >
      {hasPrompts ? (
        <fieldset className="mt-4 space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Their prompts</legend>
          {currentUserId ? option('me', 'Transfer the prompts to me') : null}
          {others.length ? option('other', 'Transfer the prompts to another member') : null}
          {fate === 'other' ? (
            <div className="pl-6">
              <NativeSelect aria-label="Member to receive the prompts" value={recipientId} onChange={(e) => setRecipientId(e.target.value)}>
                {others.map((u) => (
                  <option key={u.id} value={u.id}>
                    {fullName(u)} ({u.email})
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          {option('delete', 'Delete the prompts too')}
          {fate === 'delete' ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-700">
              Their {promptCount(user.promptCount)} will be deleted for good, with no trash to restore them from.
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </ConfirmDialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/constants';
import { changePasswordFormSchema } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useChangePassword, useLogout, useOwnApiTokens } from '../api/auth-calls';
import { RevokeTokensChoice } from './revoke-tokens-choice';

type Values = z.input<ReturnType<typeof changePasswordFormSchema>>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type PasswordField = (typeof FIELDS)[number];

interface Props {
  /** forced: after login with a temporary password (cannot be dismissed, offers Sign out); menu: from the user menu. */
  mode: 'forced' | 'menu';
  open: boolean;
  onOpenChange?: (open: boolean) => void;
}

export function ChangePasswordDialog({ mode, open, onOpenChange }: Props) {
  const forced = mode === 'forced';
  const change = useChangePassword(forced ? 'POST' : 'PUT');
  const logout = useLogout();
  const navigate = useNavigate();
  const { data: me } = useCurrentUser();
  // A temporary password was set by a reset, which revoked every token already (and none can be listed yet).
  const tokens = useOwnApiTokens(!forced && open).data?.items ?? [];
  const schema = useMemo(
    () => changePasswordFormSchema({ email: me?.email, firstName: me?.firstName, lastName: me?.lastName }),
    [me?.email, me?.firstName, me?.lastName],
  );
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeApiTokens: true },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword, revokeApiTokens }) => {
    const revoked = revokeApiTokens !== false ? tokens.length : 0;
    try {
      await change.mutateAsync({ currentPassword, newPassword, revokeApiTokens });
      toast({
        title: 'Password changed successfully!',
        description: revoked ? `${revoked === 1 ? 'Your API token was' : `Your ${revoked} API tokens were`} revoked.` : undefined,
      });
      form.reset();
      onOpenChange?.(false);
      if (forced) navigate(paths.landing, { replace: true });
    } catch (err) {
      applyServerFieldErrors(err, form.setError, FIELDS);
      toast({ title: 'Error', description: errorMessage(err, 'Failed to change password'), variant: 'destructive' });
    }
  });

  const field = (name: PasswordField, label: string, autoComplete: string) => (
    <FormField label={label} error={errors[name]?.message}>
      {(control) => (
        <Controller control={form.control} name={name} render={({ field: f }) => <PasswordInput {...control} autoComplete={autoComplete} {...f} />} />
      )}
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={forced ? undefined : onOpenChange}>
      <DialogContent
        dismissible={!forced}
        title={forced ? 'Change Your Password' : 'Change Password'}
        description={
          forced
            ? `Your password was set by an administrator. Choose a new one of at least ${MIN_PASSWORD_LENGTH} characters to continue.`
            : `Enter your current password and choose a new one of at least ${MIN_PASSWORD_LENGTH} characters.`
        }
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          {field('currentPassword', 'Current Password', 'current-password')}
          {field('newPassword', 'New Password', 'new-password')}
          {field('confirmPassword', 'Confirm New Password', 'new-password')}
          {tokens.length ? (
            <Controller
              control={form.control}
              name="revokeApiTokens"
              render={({ field: f }) => <RevokeTokensChoice tokens={tokens} checked={f.value !== false} onCheckedChange={f.onChange} />}
            />
          ) : null}
          <DialogFooter>
            {forced ? (
              <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
                Sign out
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => onOpenChange?.(false)}>
                Cancel
              </Button>
            )}
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { forcedChangePasswordFormSchema, menuChangePasswordFormSchema } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/auth-calls';

type Values = z.input<typeof forcedChangePasswordFormSchema>;

interface Props {
  /** forced: after login with mustChangePassword (cannot be dismissed, ≥ 8); menu: from the user menu (≥ 6). */
  mode: 'forced' | 'menu';
  open: boolean;
  onOpenChange?: (open: boolean) => void;
}

export function ChangePasswordDialog({ mode, open, onOpenChange }: Props) {
  const forced = mode === 'forced';
  const change = useChangePassword(forced ? 'POST' : 'PUT');
  const navigate = useNavigate();
  const form = useForm<Values>({
    resolver: zodResolver(forced ? forcedChangePasswordFormSchema : menuChangePasswordFormSchema),
    mode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      toast({ title: 'Password changed successfully!' });
      form.reset();
      onOpenChange?.(false);
      if (forced) navigate(paths.landing, { replace: true });
    } catch {
      toast({
        title: 'Error',
        description: forced ? 'Failed to change password. Please check your current password.' : 'Failed to change password',
        variant: 'destructive',
      });
    }
  });

  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <FormField label={label} error={errors[name]?.message}>
      {(control) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field: f }) => <PasswordInput {...control} autoComplete={autoComplete} {...f} />}
        />
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
            ? 'Your password was set by an administrator. Choose a new one of at least 8 characters to continue.'
            : 'Enter your current password and choose a new one of at least 6 characters.'
        }
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          {field('currentPassword', 'Current Password', 'current-password')}
          {field('newPassword', 'New Password', 'new-password')}
          {field('confirmPassword', 'Confirm New Password', 'new-password')}
          <DialogFooter>
            {forced ? null : (
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

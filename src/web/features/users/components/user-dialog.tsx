import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ROLE_LABELS, ROLES } from '../../../../shared/constants';
import type { PublicUser } from '../../../../shared/schemas/auth';
import { adminUserInputSchema, OWN_ROLE_MESSAGE } from '../../../../shared/schemas/users';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { useBusinessUnits } from '../../../lib/shared-queries';
import { toast } from '../../../lib/toast';
import { useSaveUser, useSetCuratorUnits, useSingleSignOnOnly } from '../api/user-admin';
import { CuratorUnitsField, sameUnits } from './curator-units';
import type { TemporaryPassword } from './temporary-password-dialog';

/** The member's details plus the units they curate, which are saved by a call of their own. */
const formSchema = adminUserInputSchema.extend({ curatorUnits: z.array(z.string()) });
type FormValues = z.input<typeof formSchema>;

interface Props {
  user: PublicUser | null;
  currentUserId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onCreated: (temporary: TemporaryPassword) => void;
}

export function UserDialog({ user, currentUserId, open, onOpenChange, onCreated }: Props) {
  const save = useSaveUser();
  const curate = useSetCuratorUnits();
  const curatorId = useId();
  const { ssoOnly, providerName } = useSingleSignOnOnly();
  const { data: units = [] } = useBusinessUnits();
  const self = user?.id === currentUserId;
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema) as never,
    mode: 'onChange',
    values: {
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      businessUnit: user?.businessUnit ?? '',
      role: user?.role ?? 'edit',
      curatorUnits: user?.curatorUnits ?? [],
    },
  });
  const { errors } = form.formState;
  // A disabled select submits no value: an admin editing themself keeps their role.
  const role = (self && user ? user.role : form.watch('role')) ?? 'edit';

  const submit = form.handleSubmit(async ({ curatorUnits, ...fields }) => {
    const input = { ...fields, role };
    // The units first: the server's likeliest refusal (a unit deleted meanwhile) then leaves nothing
    // half saved, and the admin corrects the field and saves again. An admin's picker is hidden, so
    // what it last held is left as it was.
    if (user && role !== 'admin' && !sameUnits(curatorUnits, user.curatorUnits)) {
      try {
        await curate.mutateAsync({ id: user.id, units: curatorUnits });
      } catch (err) {
        form.setError('curatorUnits', { message: errorMessage(err, 'Failed to save the curated units') });
        document.getElementById(curatorId)?.focus();
        return;
      }
    }
    try {
      const res = await save.mutateAsync({ id: user?.id, input });
      onOpenChange(false);
      // With single sign-on only, a new member has no password to hand on.
      const created = 'user' in res ? res : null;
      const temporary =
        created?.temporaryPassword && created.temporaryPasswordExpiresAt
          ? { email: created.user.email, password: created.temporaryPassword, expiresAt: created.temporaryPasswordExpiresAt }
          : null;
      toast({
        title: user ? 'User updated successfully' : 'User created successfully',
        description: user || temporary ? undefined : `They sign in with ${providerName}.`,
      });
      if (temporary) onCreated(temporary);
    } catch (err) {
      toast({ title: 'Error', description: user ? errorMessage(err, 'Failed to update user') : 'Failed to create user', variant: 'destructive' });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={user ? 'Edit User' : 'Create User'}
        description={
          user
            ? undefined
            : ssoOnly
              ? `They will sign in with ${providerName}, with the email address below. No password is set.`
              : 'A random temporary password is shown once the account is created. The user must change it at first sign-in.'
        }
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" {...form.register('email')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" error={errors.firstName?.message}>
              <Input {...form.register('firstName')} />
            </FormField>
            <FormField label="Last Name" error={errors.lastName?.message}>
              <Input {...form.register('lastName')} />
            </FormField>
          </div>
          <FormField label="Business Unit" error={errors.businessUnit?.message}>
            <NativeSelect {...form.register('businessUnit')}>
              <option value="">Select a business unit</option>
              {[...new Set([...units.map((u) => u.name), ...(user?.businessUnit ? [user.businessUnit] : [])])].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Role" hint={self ? OWN_ROLE_MESSAGE : undefined}>
            <NativeSelect disabled={self} {...form.register('role')}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {user ? (
            <Controller
              control={form.control}
              name="curatorUnits"
              render={({ field }) => (
                <CuratorUnitsField id={curatorId} role={role} value={field.value} onChange={field.onChange} error={errors.curatorUnits?.message} />
              )}
            />
          ) : null}
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={save.isPending || curate.isPending} submitLabel={user ? 'Update' : 'Create'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

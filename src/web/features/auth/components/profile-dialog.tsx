import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { type ProfileInput, type PublicUser, profileSchema } from '../../../../shared/schemas/auth';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/auth-calls';
import { canChangeOwnUnit, SELF_UNIT_CHANGE_MESSAGE } from '../../../../shared/visibility';
import { BusinessUnitPicker } from './business-unit-picker';

export function ProfileDialog({ user, open, onOpenChange }: { user: PublicUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    mode: 'onChange',
    values: { firstName: user.firstName, lastName: user.lastName, businessUnit: user.businessUnit },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: 'Profile updated successfully!' });
      onOpenChange(false);
    } catch {
      toast({ title: 'Error', description: 'Failed to update profile', variant: 'destructive' });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Profile" description="Your name and business unit appear on the prompts you share.">
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="Email" hint="Your email address cannot be changed.">
            <Input value={user.email} readOnly disabled />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" error={errors.firstName?.message}>
              <Input autoComplete="given-name" {...form.register('firstName')} />
            </FormField>
            <FormField label="Last Name" error={errors.lastName?.message}>
              <Input autoComplete="family-name" {...form.register('lastName')} />
            </FormField>
          </div>
          {canChangeOwnUnit(user) ? (
            <FormField label="Business Unit" error={errors.businessUnit?.message}>
              {(control) => (
                <Controller
                  control={form.control}
                  name="businessUnit"
                  render={({ field }) => <BusinessUnitPicker {...control} value={field.value} onChange={field.onChange} />}
                />
              )}
            </FormField>
          ) : (
            // The unit decides which unit prompts a member sees: an administrator moves members.
            <FormField label="Business Unit" hint={`${SELF_UNIT_CHANGE_MESSAGE}.`}>
              <Input value={user.businessUnit} readOnly disabled />
            </FormField>
          )}
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={update.isPending} submitLabel={'Save Changes'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { type RegisterInput, registerSchema } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useRegister } from '../api/auth-calls';
import { BusinessUnitPicker } from './business-unit-picker';

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const registerCall = useRegister();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    mode: 'onChange',
    defaultValues: { firstName: '', lastName: '', email: '', password: '', businessUnit: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await registerCall.mutateAsync(values);
      toast({
        title: 'Account created successfully!',
        description: res.firstAdmin
          ? 'You are the first member, so your account is the administrator: you can manage users, business units and the prompt form.'
          : undefined,
      });
      onRegistered();
    } catch (err) {
      // The common-password check runs on the server only: show its answer under the field.
      applyServerFieldErrors(err, form.setError, ['firstName', 'lastName', 'email', 'password', 'businessUnit']);
      toast({ title: 'Registration Failed', description: errorMessage(err, 'Failed to create account'), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label="Last Name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="password"
            render={({ field }) => <PasswordInput {...control} autoComplete="new-password" placeholder="Minimum 8 characters" {...field} />}
          />
        )}
      </FormField>
      <FormField label="Business Unit" error={errors.businessUnit?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="businessUnit"
            render={({ field }) => <BusinessUnitPicker {...control} value={field.value} onChange={(v) => field.onChange(v)} />}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={registerCall.isPending}>
        {registerCall.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type LoginInput, loginSchema } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/auth-calls';

export function SignInForm({ onSignedIn }: { onSignedIn: (mustChangePassword: boolean) => void }) {
  const login = useLogin();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), mode: 'onChange', defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await login.mutateAsync(values);
      toast({ title: 'Logged in successfully!' });
      onSignedIn(res.mustChangePassword);
    } catch (err) {
      toast({ title: 'Login Failed', description: errorMessage(err, 'Invalid email or password'), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="password"
            render={({ field }) => <PasswordInput {...control} autoComplete="current-password" {...field} />}
          />
        )}
      </FormField>
      <div className="flex justify-end">
        <Link to={paths.resetRequest} className="text-sm font-medium text-brand-700 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}

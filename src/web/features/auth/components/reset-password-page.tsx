import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { RESET_SUCCESS_REDIRECT_MS } from '../../../../shared/constants';
import { passwordResetCompleteSchema } from '../../../../shared/schemas/auth';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useCompletePasswordReset } from '../api/auth-calls';
import { AuthLayout } from './auth-layout';
import { usePageTitle } from '../../../lib/page-title';

type Values = z.input<typeof passwordResetCompleteSchema>;

export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const complete = useCompletePasswordReset();
  const form = useForm<Values>({
    resolver: zodResolver(passwordResetCompleteSchema),
    mode: 'onChange',
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!complete.isSuccess) return;
    const timer = setTimeout(() => navigate(paths.auth, { replace: true }), RESET_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [complete.isSuccess, navigate]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await complete.mutateAsync(values);
    } catch (err) {
      // The common-password check runs on the server only: show its answer under the field.
      applyServerFieldErrors(err, form.setError, ['newPassword']);
      toast({ title: 'Error', description: errorMessage(err, 'Failed to reset password. Please try again.'), variant: 'destructive' });
    }
  });

  if (!token) {
    return (
      <AuthLayout>
        <Card className="p-6 text-center sm:p-8">
          <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
            <ShieldAlert className="h-6 w-6" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-semibold text-slate-900">Invalid Reset Link</h1>
          <p className="mt-2 text-sm text-slate-600">This password reset link is invalid or missing. Please request a new password reset</p>
          <Link to={paths.resetRequest} className={buttonClass('primary', 'md', 'mt-6')}>
            Request a New Reset Link
          </Link>
        </Card>
      </AuthLayout>
    );
  }

  if (complete.isSuccess) {
    return (
      <AuthLayout>
        <Card className="p-6 text-center sm:p-8">
          <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
            <CheckCircle2 className="h-6 w-6" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-semibold text-slate-900">Password Reset Successful</h1>
          <p className="mt-2 text-sm text-slate-600">{complete.data.message}</p>
          <p className="mt-1 text-xs text-slate-500">Taking you to the sign-in page in 3 seconds...</p>
          <Link to={paths.auth} className={buttonClass('primary', 'md', 'mt-6')}>
            Go to Login Now
          </Link>
        </Card>
      </AuthLayout>
    );
  }

  const { errors } = form.formState;
  return (
    <AuthLayout>
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-semibold text-slate-900">Set New Password</h1>
        <p className="mt-1 text-sm text-slate-500">Choose a new password. It must be at least 8 characters long.</p>
        <form onSubmit={submit} noValidate className="mt-6 space-y-4">
          <FormField label="New Password" error={errors.newPassword?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="newPassword"
                render={({ field }) => <PasswordInput {...control} autoComplete="new-password" {...field} />}
              />
            )}
          </FormField>
          <FormField label="Confirm New Password" error={errors.confirmPassword?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="confirmPassword"
                render={({ field }) => <PasswordInput {...control} autoComplete="new-password" {...field} />}
              />
            )}
          </FormField>
          <Button type="submit" className="w-full" disabled={complete.isPending}>
            {complete.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
        </form>
      </Card>
    </AuthLayout>
  );
}

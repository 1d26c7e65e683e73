import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { passwordResetRequestSchema } from '../../../../shared/schemas/auth';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useRequestPasswordReset } from '../api/auth-calls';
import { AuthLayout } from './auth-layout';
import { usePageTitle } from '../../../lib/page-title';

type Values = z.input<typeof passwordResetRequestSchema>;

export function ResetRequestPage() {
  usePageTitle('Reset password');
  const request = useRequestPasswordReset();
  const form = useForm<Values>({ resolver: zodResolver(passwordResetRequestSchema), mode: 'onChange', defaultValues: { email: '' } });

  const submit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync({ email: values.email.trim().toLowerCase() });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to send reset email. Please try again.'), variant: 'destructive' });
    }
  });

  const result = request.data;
  return (
    <AuthLayout>
      <Card className="p-6 sm:p-8">
        {result ? (
          <div className="text-center">
            <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
              <MailCheck className="h-6 w-6" aria-hidden="true" />
            </div>
            <h1 className="text-2xl font-semibold text-slate-900">Check Your Email</h1>
            <p className="mt-2 text-sm text-slate-600">{result.message}</p>
            {result.token ? (
              <div className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4">
                <p className="text-sm font-medium text-brand-800">Your secure reset link is ready!</p>
                <Link to={`${paths.resetPassword}?token=${encodeURIComponent(result.token)}`} className={buttonClass('primary', 'md', 'mt-3 w-full')}>
                  Click Here to Set New Password
                </Link>
              </div>
            ) : null}
            <Link to={paths.auth} className="mt-6 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Login
            </Link>
          </div>
        ) : (
          <>
            <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <KeyRound className="h-6 w-6" aria-hidden="true" />
            </div>
            <h1 className="text-2xl font-semibold text-slate-900">Reset Your Password</h1>
            <p className="mt-1 text-sm text-slate-500">Enter the email address of your account and we will send you a link to set a new password.</p>
            <form onSubmit={submit} noValidate className="mt-6 space-y-4">
              <FormField label="Email Address" error={form.formState.errors.email?.message}>
                <Input type="email" autoComplete="email" {...form.register('email')} />
              </FormField>
              <Button type="submit" className="w-full" disabled={request.isPending}>
                {request.isPending ? 'Sending...' : 'Send Reset Link'}
              </Button>
            </form>
            <Link to={paths.auth} className="mt-6 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Login
            </Link>
          </>
        )}
      </Card>
    </AuthLayout>
  );
}

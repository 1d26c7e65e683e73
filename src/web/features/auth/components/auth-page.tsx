import { lazy, Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths, safeNextPath } from '../../../lib/paths';
import { AuthLayout } from './auth-layout';
import { SignInForm } from './sign-in-form';
import { usePageTitle } from '../../../lib/page-title';

// Registration (with its business unit picker) loads when its tab opens; signing in does not need it.
const RegisterForm = lazy(() => import('./register-form').then((m) => ({ default: m.RegisterForm })));

export function AuthPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const goOn = () => navigate(next ?? paths.landing, { replace: true });

  return (
    <AuthLayout>
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome</h1>
        <p className="mt-1 text-sm text-slate-500">Sign in to your account or create a new one to get started.</p>
        <Tabs defaultValue="sign-in" className="mt-6">
          <TabsList aria-label="Sign in or create account">
            <TabsTrigger value="sign-in">Sign In</TabsTrigger>
            <TabsTrigger value="register">Create Account</TabsTrigger>
          </TabsList>
          <TabsContent value="sign-in">
            {/* With mustChangePassword the forced dialog opens over whatever page comes next. */}
            <SignInForm onSignedIn={goOn} />
          </TabsContent>
          <TabsContent value="register">
            <Suspense fallback={<p className="py-6 text-sm text-slate-500">Loading…</p>}>
              <RegisterForm onRegistered={goOn} />
            </Suspense>
          </TabsContent>
        </Tabs>
      </Card>
    </AuthLayout>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths, safeNextPath } from '../../../lib/paths';
import { useAuthOptions } from '../api/sso-calls';
import { AuthLayout } from './auth-layout';
import { SignInForm } from './sign-in-form';
import { OrDivider, SsoButton, SsoErrorAlert } from './sso-button';
import { usePageTitle } from '../../../lib/page-title';

// Registration (with its business unit picker) loads when its tab opens; signing in does not need it.
const RegisterForm = lazy(() => import('./register-form').then((m) => ({ default: m.RegisterForm })));

/** Nothing for the first 300 ms (a quick answer never flashes a spinner), then a spinner. */
function LoadingOptions() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), 300);
    return () => clearTimeout(timer);
  }, []);
  return <div className="min-h-48 py-8">{visible ? <Spinner /> : null}</div>;
}

export function AuthPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const ssoError = params.get('sso_error');
  const goOn = () => navigate(next ?? paths.landing, { replace: true });
  const options = useAuthOptions();
  // Should the options call fail, the password forms still work (the server refuses them if they are off).
  const sso = options.data?.sso ?? null;
  const passwords = options.data?.passwordSignIn ?? true;

  return (
    <AuthLayout>
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome</h1>
        {options.isPending ? (
          <LoadingOptions />
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-500">
              {passwords ? 'Sign in to your account or create a new one to get started.' : 'Sign in with your organization’s account.'}
            </p>
            {ssoError ? <SsoErrorAlert code={ssoError} /> : null}
            {sso ? (
              <div className="mt-6">
                <SsoButton displayName={sso.displayName} next={next} primary={!passwords} />
              </div>
            ) : null}
            {passwords ? (
              <>
                {sso ? <OrDivider /> : null}
                <Tabs defaultValue="sign-in" className={sso ? undefined : 'mt-6'}>
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
              </>
            ) : null}
          </>
        )}
      </Card>
    </AuthLayout>
  );
}

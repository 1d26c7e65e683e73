import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Building2, ShieldAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SSO_BUSINESS_UNIT_REQUIRED, type SsoExchangeResponse } from '../../../../shared/schemas/sso';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage, hasErrorCode } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { paths, safeNextPath } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useSsoExchange } from '../api/sso-calls';
import { AuthLayout } from './auth-layout';
import { BusinessUnitPicker } from './business-unit-picker';

/** A card whose heading takes the focus when it appears, so a screen reader announces the new step. */
function Step({ icon, title, children }: { icon?: ReactNode; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <AuthLayout>
      <Card className="p-6 sm:p-8">
        {icon}
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-slate-900 outline-none">
          {title}
        </h1>
        {children}
      </Card>
    </AuthLayout>
  );
}

const BACK = (
  <Link to={paths.auth} className={buttonClass('primary', 'md', 'mt-6 w-full')}>
    <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Sign In
  </Link>
);

/**
 * Where single sign-on lands: `/auth/sso?code=…`. The page exchanges the one-time code for a session
 * (the same kind a password sign-in gets) and goes where the sign-in started; a new person whose
 * provider gave no business unit picks one here first.
 */
export function SsoPage() {
  usePageTitle('Signing in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Read once: the address bar loses the code at once (it is single-use, but need not linger in the history).
  const [code] = useState(() => params.get('code') ?? '');
  const next = safeNextPath(params.get('next'));
  const exchange = useSsoExchange();
  const [askUnit, setAskUnit] = useState<string | null>(null);
  const [unit, setUnit] = useState('');
  const [unitError, setUnitError] = useState<string | undefined>();
  const started = useRef(false);

  const finish = (res: SsoExchangeResponse) => {
    toast({ title: res.created ? 'Account created successfully!' : 'Logged in successfully!' });
    // As after a password sign-in, the signed-in routes take over at this address and go on to its `next`.
    qc.setQueryData(queryKeys.currentUser, res.user);
  };
  const run = (businessUnit?: string) =>
    exchange.mutate(
      { code, businessUnit },
      {
        onSuccess: finish,
        onError: (err) => {
          if (hasErrorCode(err, SSO_BUSINESS_UNIT_REQUIRED)) setAskUnit(err.serverMessage ?? 'Choose your business unit to finish creating your account.');
          else if (businessUnit !== undefined && err instanceof ApiError && err.fieldErrors?.businessUnit) setUnitError(err.fieldErrors.businessUnit);
        },
      },
    );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    navigate(next ? `${paths.sso}?next=${encodeURIComponent(next)}` : paths.sso, { replace: true });
    if (code) run();
    // Once per visit: the code can be exchanged only once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unit.trim()) return setUnitError('Business unit is required');
    setUnitError(undefined);
    run(unit);
  };

  const failed = exchange.isError && !hasErrorCode(exchange.error, SSO_BUSINESS_UNIT_REQUIRED) && !unitError;
  if (!code || failed) {
    return (
      <Step
        icon={
          <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
            <ShieldAlert className="h-6 w-6" aria-hidden="true" />
          </div>
        }
        title="Sign-in did not finish"
      >
        <p className="mt-2 text-sm text-slate-600">
          {code ? errorMessage(exchange.error, 'Single sign-on failed. Please try again.') : 'This sign-in link is incomplete. Please sign in again.'}
        </p>
        {BACK}
      </Step>
    );
  }

  if (askUnit) {
    return (
      <Step
        icon={
          <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Building2 className="h-6 w-6" aria-hidden="true" />
          </div>
        }
        title="One last step"
      >
        <p className="mt-2 text-sm text-slate-600">{askUnit}</p>
        <form onSubmit={submit} noValidate className="mt-6 space-y-4">
          <FormField label="Business Unit" error={unitError}>
            {(control) => (
              <BusinessUnitPicker
                {...control}
                value={unit}
                onChange={(v) => {
                  setUnit(v);
                  if (v.trim()) setUnitError(undefined);
                }}
              />
            )}
          </FormField>
          <Button type="submit" className="w-full" disabled={exchange.isPending}>
            {exchange.isPending ? 'Creating Account...' : 'Create Account'}
          </Button>
        </form>
      </Step>
    );
  }

  return (
    <Step title="Signing you in">
      <div className="mt-4">
        <Spinner label="Finishing single sign-on…" />
      </div>
    </Step>
  );
}

import { AlertCircle, KeyRound } from 'lucide-react';
import { isSsoErrorCode, SSO_ERROR_MESSAGES, SSO_START_PATH } from '../../../../shared/schemas/sso';
import { buttonClass } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';

/**
 * Sign-in through the identity provider: a link, not a fetch, because the browser itself must go to
 * the provider and come back. `next` is where to return afterwards.
 */
export function SsoButton({ displayName, next, primary }: { displayName: string; next: string | null; primary: boolean }) {
  const href = next ? `${SSO_START_PATH}?next=${encodeURIComponent(next)}` : SSO_START_PATH;
  return (
    <a href={href} className={buttonClass(primary ? 'primary' : 'secondary', 'lg', 'w-full')}>
      <KeyRound className="h-4 w-4" aria-hidden="true" />
      {displayName}
    </a>
  );
}

/** Why the last single sign-on was refused, in words, from the `sso_error` code the server sent back. */
export function SsoErrorAlert({ code }: { code: string }) {
  const text = isSsoErrorCode(code) ? SSO_ERROR_MESSAGES[code] : 'Single sign-on failed. Please try again.';
  return (
    <ErrorBox compact icon={AlertCircle} title="Single sign-on did not sign you in" className="mt-6">
      <p>{text}</p>
    </ErrorBox>
  );
}

/** The line between single sign-on and the password forms. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      or use your email and password
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

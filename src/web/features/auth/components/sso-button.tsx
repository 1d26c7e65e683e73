import { AlertCircle, KeyRound } from 'lucide-react';
import { isSsoErrorCode, SSO_ERROR_MESSAGES, SSO_START_PATH } from '../../../../shared/schemas/sso';
import { buttonClass } from '../../../components/ui/button';

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
    <div role="alert" className="mt-6 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Single sign-on did not sign you in</p>
        <p className="mt-0.5">{text}</p>
      </div>
    </div>
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

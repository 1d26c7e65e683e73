import { UNAUTHORIZED_REDIRECT_MS } from '../../shared/constants';
import { clearAuthToken } from '../lib/auth-token';
import { ADMIN_PATHS, paths } from '../lib/paths';
import { lockToasts, toast } from '../lib/toast';

let redirecting = false;

/** A 401 anywhere → toast, then /auth after 500 ms (a full load, so every cache is gone). */
export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  clearAuthToken();
  const onAdminScreen = ADMIN_PATHS.some((p) => window.location.pathname.startsWith(p));
  toast({
    title: onAdminScreen ? 'Unauthorized' : 'You are logged out. Logging in again...',
    description: onAdminScreen ? 'You are logged out. Logging in again...' : undefined,
    variant: 'destructive',
  });
  // The failed call's own error toast must not replace this one before the redirect.
  lockToasts();
  // The toast region loads a moment after the first screen; leaving before it has arrived would leave
  // before the toast is ever drawn. So the redirect counts its delay from the region's arrival (asked
  // for now; at most 3 s on a slow network).
  const toasterReady = Promise.race([import('../components/ui/toaster'), new Promise((resolve) => setTimeout(resolve, 3000))]);
  void toasterReady.then(
    () => setTimeout(() => window.location.assign(paths.auth), UNAUTHORIZED_REDIRECT_MS),
    () => window.location.assign(paths.auth),
  );
}

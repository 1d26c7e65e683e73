import { type ComponentType, useEffect, useState } from 'react';
import { useToasts } from '../lib/toast';

/**
 * The toast region loads just after the first screen (or at once when a toast is waiting), so every
 * first page load skips its code. A toast raised before then waits in the store and shows when it lands.
 */
export function DeferredToaster() {
  const toasts = useToasts();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const waiting = toasts.length > 0;
  useEffect(() => {
    if (Toaster) return;
    let cancelled = false;
    const load = () =>
      void import('../components/ui/toaster').then((m) => {
        if (!cancelled) setToaster(() => m.Toaster);
      });
    const timer = setTimeout(load, waiting ? 0 : 1500);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [Toaster, waiting]);
  return Toaster ? <Toaster /> : null;
}

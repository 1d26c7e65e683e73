import { useEffect, useState } from 'react';
import { Logo } from '../components/ui/logo';

export const SPLASH_DELAY_MS = 300;

/**
 * Shown while the current-user call is slow. Nothing appears for the first 300 ms, so a fast answer
 * never flashes a loading screen; after that a neutral splash says the app is on its way.
 */
export function DelayedSplash() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SPLASH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div role="status" className="flex min-h-screen flex-col items-center justify-center gap-4 text-slate-500">
      <Logo className="h-12 w-12 animate-pulse" />
      <p className="text-sm">Loading AI Prompts Database…</p>
    </div>
  );
}

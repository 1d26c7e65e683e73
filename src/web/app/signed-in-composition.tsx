import type { ReactNode } from 'react';

/**
 * Where the app shell composes features that other features must not import directly: the prompt
 * filter state (§2) wraps every signed-in route, and its panel sits in the sidebar.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

export const sidebarFilters: ReactNode = null;

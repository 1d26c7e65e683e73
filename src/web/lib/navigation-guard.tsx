import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type Navigator, UNSAFE_NavigationContext as NavigationContext } from 'react-router';

/** Called instead of a navigation while a page holds it; `retry` carries the navigation out. */
type Hold = (retry: () => void) => void;

interface Holds {
  /** Links and navigate(). */
  navigation: Hold | null;
  /** Back and Forward: returns true when it took the event (the router must not see it). */
  pop: ((event: PopStateEvent) => boolean) | null;
}

const HoldContext = createContext<{ current: Holds } | null>(null);

/**
 * Lets a page hold navigations while it has unsaved changes, under the plain BrowserRouter (the data
 * router that offers useBlocker would add about 15 kB to every first load). Every in-app navigation
 * (links, navigate()) goes through the router's navigator, which is wrapped here; Back and Forward are
 * caught in useNavigationHold.
 */
export function NavigationGuardProvider({ children }: { children: ReactNode }) {
  const outer = useContext(NavigationContext);
  const hold = useRef<Holds>({ navigation: null, pop: null });
  // Back and Forward reach the router through a popstate listener on window, and listeners there run in
  // the order they were added (a capture listener does not go first). This one is added in a layout
  // effect of the router's child, which React runs before the router's own, so it can stop the event.
  useLayoutEffect(() => {
    const onPop = (event: PopStateEvent) => {
      if (hold.current.pop?.(event)) event.stopImmediatePropagation();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const value = useMemo(() => {
    const { navigator } = outer;
    const guard =
      <A extends unknown[]>(go: (...args: A) => void) =>
      (...args: A) => {
        if (hold.current.navigation) hold.current.navigation(() => go(...args));
        else go(...args);
      };
    const guarded: Navigator = {
      ...navigator,
      push: guard((...args: Parameters<Navigator['push']>) => navigator.push(...args)),
      replace: guard((...args: Parameters<Navigator['replace']>) => navigator.replace(...args)),
      go: guard((delta: number) => navigator.go(delta)),
    };
    return { ...outer, navigator: guarded };
  }, [outer]);
  return (
    <HoldContext.Provider value={hold}>
      <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>
    </HoldContext.Provider>
  );
}

/** The router keeps each history entry's position in its state; Back and Forward are told apart by it. */
const entryIndex = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

export interface HeldNavigation {
  /** 'blocked' while a navigation waits for the person's answer. */
  state: 'blocked' | 'unblocked';
  proceed: () => void;
  reset: () => void;
}

/**
 * Holds every navigation away from the page while `active`: links and navigate() wait, and Back or
 * Forward is undone (the address returns to this page) until the person answers. `release` lifts the
 * hold at once, for a navigation the page itself starts (after a save).
 */
export function useNavigationHold(active: boolean): { held: HeldNavigation; release: () => void } {
  const hold = useContext(HoldContext);
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const released = useRef(false);

  useEffect(() => {
    if (!hold || !active) return;
    released.current = false;
    const here = entryIndex(window.history.state);
    let undoing = false;
    hold.current.navigation = (go) => setRetry(() => go);
    hold.current.pop = (event) => {
      if (released.current) return false;
      if (undoing) {
        undoing = false;
        return true;
      }
      const target = entryIndex(event.state);
      if (here === undefined || target === undefined) return false;
      // The address has already changed: put it back, and go there only if the person agrees.
      undoing = true;
      window.history.go(here - target);
      setRetry(() => () => window.history.go(target - here));
      return true;
    };
    return () => {
      hold.current = { navigation: null, pop: null };
    };
  }, [hold, active]);

  const release = useCallback(() => {
    released.current = true;
    if (hold) hold.current = { navigation: null, pop: null };
  }, [hold]);

  const held: HeldNavigation = {
    state: retry ? 'blocked' : 'unblocked',
    proceed: () => {
      release();
      retry?.();
      setRetry(null);
    },
    reset: () => setRetry(null),
  };
  return { held, release };
}

import { useEffect, useRef, useState } from 'react';

// Hooks for text boxes whose value lives in the URL (searches, filters). One module: it is in the
// first-load bundle anyway (the command palette debounces), so the list pages add no chunk for it.

/** The value once it has stopped changing for `delayMs` (a search is sent once typing pauses). */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The text of a box whose value lives in the URL. The box keeps its own text: the value it is given
 * comes back from the URL a moment later, and binding the input to that would drop keys typed in
 * between. The URL may also pass through the earlier texts of a fast typist ("n", "no", …) while the
 * box already says "notes": those echoes of our own keystrokes are ignored until the URL has caught
 * up. Any other value comes from elsewhere (Back, a shared link, Clear) and replaces the text.
 */
export function useEchoTolerantText(value: string, onChange: (v: string) => void): [string, (next: string) => void] {
  const [text, setText] = useState(value);
  const inFlight = useRef<string[]>([value]);
  useEffect(() => {
    const sent = inFlight.current;
    const echo = sent.indexOf(value);
    if (echo === sent.length - 1) inFlight.current = [value];
    else if (echo >= 0) inFlight.current = sent.slice(echo);
    else {
      inFlight.current = [value];
      setText(value);
    }
  }, [value]);
  const change = (next: string) => {
    inFlight.current = [...inFlight.current, next];
    setText(next);
    onChange(next);
  };
  return [text, change];
}

import { useCallback, useState } from 'react';

/** Values a member last filled in for a prompt, kept in this browser only (they may be private). */
const keyOf = (userId: string, promptId: string) => `prompt-values:${userId}:${promptId}`;

function read(key: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The remembered values of one member for one prompt, saved as they change; `forget` drops them. */
export function useRememberedValues(userId: string, promptId: string) {
  const key = keyOf(userId, promptId);
  const [remembered, setRemembered] = useState(() => read(key));
  const remember = useCallback(
    (values: Record<string, string>) => {
      setRemembered(values);
      try {
        localStorage.setItem(key, JSON.stringify(values));
      } catch {
        // A full or blocked storage only means the values are not prefilled next time.
      }
    },
    [key],
  );
  const forget = useCallback(() => {
    setRemembered({});
    localStorage.removeItem(key);
  }, [key]);
  return { remembered, remember, forget };
}

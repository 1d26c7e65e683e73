import { useCallback, useState } from 'react';
import type { VariableValue } from '../../../../shared/variable-definitions';

/** Values a member last filled in for a prompt, kept in this browser only (they may be private). */
const keyOf = (userId: string, promptId: string) => `prompt-values:${userId}:${promptId}`;

/** Text, a number, a checkbox's state, or a multiple choice's options: anything else stored is dropped. */
const isValue = (v: unknown): v is VariableValue =>
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && Number.isFinite(v)) ||
  (Array.isArray(v) && v.every((o) => typeof o === 'string'));

function read(key: string): Record<string, VariableValue> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, VariableValue] => isValue(entry[1])));
  } catch {
    return {};
  }
}

/** The remembered values of one member for one prompt, saved as they change; `forget` drops them. */
export function useRememberedValues(userId: string, promptId: string) {
  const key = keyOf(userId, promptId);
  const [remembered, setRemembered] = useState(() => read(key));
  const remember = useCallback(
    (values: Record<string, VariableValue>) => {
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

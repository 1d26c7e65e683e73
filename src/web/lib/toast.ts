import { useSyncExternalStore } from 'react';

/** one toast at a time; a closed toast is removed from memory after 1,000,000 ms. */
const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export interface ToastItem {
  id: number;
  title?: string;
  description?: string;
  variant: 'default' | 'destructive';
  open: boolean;
  /** One button in the toast (e.g. Undo); `altText` tells screen readers how else to do it. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  altText: string;
  onClick: () => void;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const l of listeners) l();
}

let locked = false;
/** Keeps the current toast on screen: later toasts are ignored (used while redirecting after a 401). */
export function lockToasts(): void {
  locked = true;
}

/** Shows a toast (replacing the current one) and returns its id. */
export function toast(input: { title?: string; description?: string; variant?: 'default' | 'destructive'; action?: ToastAction }): number {
  const id = nextId++;
  if (locked) return id;
  emit(
    [{ id, open: true, variant: input.variant ?? 'default', title: input.title, description: input.description, action: input.action }, ...toasts].slice(
      0,
      TOAST_LIMIT,
    ),
  );
  return id;
}

export function dismissToast(id: number): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
  );
}

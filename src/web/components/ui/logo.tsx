import { cn } from '../../lib/utils';

/** The organization logo: a stack of prompt lines. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('h-8 w-8', className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M9 10h14M9 16h10M9 22h7" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="23" cy="21" r="3.2" fill="#a5b4fc" />
    </svg>
  );
}

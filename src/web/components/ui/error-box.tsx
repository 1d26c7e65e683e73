import { type LucideIcon, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Button } from './button';

const TONES = {
  /** Something failed. */
  error: 'border-red-200 bg-red-50 text-red-700',
  /** Nothing is lost and nothing is wrong with the input: the server did not answer (reads retry meanwhile). */
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  /** Retrying cannot help and nothing failed on our side, e.g. a prompt that no longer exists. */
  neutral: 'border-slate-200 bg-slate-50 text-slate-700',
} as const;

interface Props {
  children: ReactNode;
  tone?: keyof typeof TONES;
  /** A first line in bold, above the details. */
  title?: ReactNode;
  /** Offers Retry, for a load that may succeed when asked again. */
  onRetry?: () => void;
  /** Another way out, such as "Merge instead…", beside Retry. */
  action?: ReactNode;
  /** An icon before the text, where the box stands alone on a page (sign-in). */
  icon?: LucideIcon;
  /** Retry at the end of the same line as a one-line message, as lists show it; otherwise under the text. */
  inline?: boolean;
  /** The tighter padding of a box inside a dialog or a form. */
  compact?: boolean;
  className?: string;
}

/**
 * The one box every screen uses to tell that a load or an action failed: announced to screen readers
 * as an alert, with the server's words (which may be long and unbroken, hence the wrapping anywhere).
 */
export function ErrorBox({ children, tone = 'error', title, onRetry, action, icon: Icon, inline, compact, className }: Props) {
  const retry = onRetry ? (
    <Button variant="secondary" size="sm" onClick={onRetry}>
      <RotateCw className="h-4 w-4" aria-hidden="true" /> Retry
    </Button>
  ) : null;
  const actions =
    retry || action ? (
      <div className={cn('flex flex-wrap gap-2', !inline && 'mt-3')}>
        {retry}
        {action}
      </div>
    ) : null;
  const text = (
    <div className="min-w-0">
      {title ? <p className={cn('font-medium', tone === 'neutral' && 'text-slate-900')}>{title}</p> : null}
      <div className={cn(title ? 'mt-1' : undefined)}>{children}</div>
      {inline ? null : actions}
    </div>
  );
  return (
    <div
      role="alert"
      className={cn(
        'rounded-lg border text-sm break-words [overflow-wrap:anywhere]',
        compact ? 'p-3' : 'p-4',
        TONES[tone],
        (inline || Icon) && 'flex gap-3',
        inline && 'flex-wrap items-center justify-between',
        className,
      )}
    >
      {Icon ? <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : null}
      {text}
      {inline ? actions : null}
    </div>
  );
}

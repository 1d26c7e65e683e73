import { type ReactElement, type ReactNode, cloneElement, useId } from 'react';
import { cn } from '../../lib/utils';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** The control; receives id, aria-invalid and aria-describedby (or a function that spreads them). */
  children: ReactElement<Record<string, unknown>> | ((control: ControlProps) => ReactNode);
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  id?: string;
}

/** Label + control + hint/error, wired for screen readers. */
export function FormField({ label, children, error, hint, required, className, id }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? (typeof children === 'function' ? undefined : (children.props.id as string | undefined)) ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className={cn('space-y-1.5', className)}>
      <label id={`${controlId}-label`} htmlFor={controlId} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {typeof children === 'function' ? children(control) : cloneElement(children, control as unknown as Record<string, unknown>)}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

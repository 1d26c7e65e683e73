import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/utils';

export function Checkbox({
  label,
  checked,
  onCheckedChange,
  className,
  id,
  describedBy,
  invalid,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
  id?: string;
  /** Ids of a hint or an error under the box. */
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <CheckboxPrimitive.Root
        id={controlId}
        checked={checked}
        onCheckedChange={(v) => onCheckedChange(v === true)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        className="flex h-4 w-4 shrink-0 items-center justify-center rounded border border-slate-400 bg-white data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600"
      >
        <CheckboxPrimitive.Indicator>
          <Check className="h-3 w-3 text-white" strokeWidth={3} aria-hidden="true" />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <label htmlFor={controlId} className="min-w-0 flex-1 cursor-pointer text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}

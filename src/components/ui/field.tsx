import { useId, type ReactNode } from 'react';
import { cn } from '@/utils/cn';
import { Label } from './label';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  invalid: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** The validation message; shown in red under the control and linked to it. */
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Renders the control with the id and descriptions that tie it to the label and messages. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control with an optional hint and error message. */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-describedby': describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

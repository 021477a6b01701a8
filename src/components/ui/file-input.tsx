import { Upload } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';
import { cn } from '@/utils/cn';
import { useTranslation } from 'react-i18next';

export interface FileInputProps extends Omit<ComponentProps<'input'>, 'type' | 'onChange' | 'value'> {
  /** Called with the chosen file, or null when the choice is cleared. */
  onFileChange: (file: File | null) => void;
  /** The name shown for the current choice (a chosen file or a stored one). */
  fileName?: string | null;
  /** Text of the choose button (default 'Choose file'). */
  buttonLabel?: string;
  invalid?: boolean;
}

/**
 * A file input styled as a button plus the chosen file's name. The real <input type="file">
 * stays in the page (visually hidden) so a <label htmlFor> names it, it is keyboard-usable,
 * and tests can use userEvent.upload on it.
 */
export function FileInput({
  onFileChange,
  fileName,
  buttonLabel,
  invalid = false,
  className,
  id,
  disabled,
  ...props
}: FileInputProps) {
  const { t } = useTranslation('common');
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-md border border-gray-300 bg-white p-1.5 shadow-sm',
        'focus-within:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600',
        invalid && 'border-danger-600 focus-within:border-danger-600 focus-within:outline-danger-600',
        disabled && 'bg-gray-100',
        className,
      )}
    >
      <input
        ref={inputRef}
        id={id}
        type="file"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        className="peer sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          onFileChange(file);
          // Allow choosing the same file again after a refusal.
          event.target.value = '';
        }}
        {...props}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-hidden
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        className="inline-flex h-7 cursor-pointer items-center gap-1.5 rounded bg-gray-100 px-3 text-sm font-medium text-gray-900 hover:bg-gray-200 disabled:cursor-not-allowed"
      >
        <Upload aria-hidden className="size-4" />
        {buttonLabel ?? t('file.choose')}
      </button>
      <span className="min-w-0 truncate text-sm text-gray-600">{fileName || t('file.none')}</span>
    </div>
  );
}

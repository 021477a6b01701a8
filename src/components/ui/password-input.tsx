import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/utils/cn';
import { focusRing } from './button';
import { Input, type InputProps } from './input';
import { useTranslation } from 'react-i18next';

/** A password input with a button that shows or hides what was typed. */
export function PasswordInput({ className, ...props }: Omit<InputProps, 'type'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('password.hide') : t('password.show')}
        aria-pressed={visible}
        className={cn(
          'absolute inset-y-1 right-1 inline-flex w-9 cursor-pointer items-center justify-center rounded text-gray-500 hover:text-gray-900',
          focusRing,
        )}
      >
        <Icon aria-hidden className="size-4" />
      </button>
    </div>
  );
}

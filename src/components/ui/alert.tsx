import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

const tones = {
  info: { classes: 'border-brand-100 bg-brand-50 text-brand-700', Icon: Info },
  success: { classes: 'border-success-200 bg-success-50 text-success-700', Icon: CircleCheck },
  warning: { classes: 'border-warning-200 bg-warning-50 text-warning-700', Icon: TriangleAlert },
  danger: { classes: 'border-danger-200 bg-danger-50 text-danger-700', Icon: CircleAlert },
} as const;

export interface AlertProps extends ComponentProps<'div'> {
  tone?: keyof typeof tones;
  title?: string;
}

/** A message box. Danger messages are announced at once (role="alert"), the others politely. */
export function Alert({ tone = 'info', title, className, children, ...props }: AlertProps) {
  const { classes, Icon } = tones[tone];
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-md border px-4 py-3 text-sm', classes, className)}
      {...props}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-1">
        {title && <p className="font-medium">{title}</p>}
        <div className="whitespace-pre-line">{children}</div>
      </div>
    </div>
  );
}

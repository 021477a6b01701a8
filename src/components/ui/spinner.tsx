import { cn } from '@/utils/cn';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  className?: string;
  /** Text for assistive technology; omit when the surrounding control already says it is busy. */
  label?: string;
}

export function Spinner({ size = 'md', className, label }: SpinnerProps) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
      className={cn('inline-flex items-center justify-center', className)}
    >
      <span className={cn('animate-spin rounded-full border-current border-r-transparent', sizes[size])} />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

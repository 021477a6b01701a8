import { cn } from '@/utils/cn';
import { useTranslation } from 'react-i18next';

export interface ProductMarkProps {
  /** 'light' on dark backgrounds (the sidebar), 'dark' on light ones (sign-in pages). */
  tone?: 'light' | 'dark';
  className?: string;
}

/** The product's mark: a screen with a play sign, and the product's name. */
export function ProductMark({ tone = 'dark', className }: ProductMarkProps) {
  const { t } = useTranslation('common');
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg aria-hidden viewBox="0 0 32 32" className="size-7 shrink-0">
        <rect x="2" y="5" width="28" height="19" rx="3" className="fill-brand-600" />
        <path d="M13 10.5v8l7-4z" className="fill-white" />
        <rect x="11" y="26" width="10" height="2" rx="1" className="fill-brand-600" />
      </svg>
      <span className={cn('text-sm font-semibold tracking-tight', tone === 'light' ? 'text-white' : 'text-gray-900')}>
        {t('productName')}
      </span>
    </span>
  );
}

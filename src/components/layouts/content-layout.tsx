import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/utils/cn';

export interface ContentLayoutProps {
  title: string;
  description?: ReactNode;
  /** A link back to where the page belongs, shown above the title ("Back to Customers"). */
  back?: { to: string; label: string };
  /** The page's actions, at the right of the title: the primary action last. */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * A page inside a layout: an optional link back, its heading with an optional line under it
 * and its actions beside it, then its content. Every list, detail and form page uses it, so
 * titles and primary actions sit in the same place on every screen.
 */
export function ContentLayout({ title, description, back, actions, children }: ContentLayoutProps) {
  return (
    <div className="mx-auto max-w-7xl min-w-0 space-y-6 p-4 sm:p-6">
      {back && (
        <Link
          to={back.to}
          className={cn(
            'inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline',
            focusRing,
          )}
        >
          <ArrowLeft aria-hidden className="size-4" />
          {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-64 space-y-1">
          <h1 className="text-2xl font-semibold break-words text-gray-900">{title}</h1>
          {description && <div className="text-sm text-gray-500">{description}</div>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

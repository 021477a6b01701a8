import type { ReactNode } from 'react';

export interface ContentLayoutProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** A page inside a layout: its heading, an optional line under it, then its content. */
export function ContentLayout({ title, description, children }: ContentLayoutProps) {
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 sm:p-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
        {description && <p className="text-sm text-gray-500">{description}</p>}
      </div>
      {children}
    </div>
  );
}

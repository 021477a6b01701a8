import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ProductMark } from '@/components/ui/product-mark';

export interface AuthLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every sign-in and password screen sits in. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6 bg-gray-100 p-6">
      <ProductMark />
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
        {footer && <div className="border-t border-gray-200 px-6 py-3 text-center text-sm text-gray-600">{footer}</div>}
      </Card>
    </main>
  );
}

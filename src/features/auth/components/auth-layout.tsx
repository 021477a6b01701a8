import type { ReactNode } from 'react';
import { LanguageSelect } from '@/components/language/language-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ProductMark } from '@/components/ui/product-mark';

export interface AuthLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The centred card every sign-in and password screen sits in, with the language control above
 * it: a visitor chooses a language before signing in (kept on the device).
 */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <main className="relative flex min-h-full flex-col items-center justify-center gap-6 bg-gray-100 p-6">
      <div className="absolute top-3 right-3">
        <LanguageSelect />
      </div>
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

// The advertiser portal's frame: the company's name, its sections, the language (kept for the
// login) and Sign Out. On a phone
// the sections sit in a row that scrolls sideways; printing leaves the frame out.
import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { LanguageSelect } from '@/components/language/language-select';
import { Button } from '@/components/ui/button';
import { ProductMark } from '@/components/ui/product-mark';
import { paths } from '@/config/paths';
import { useSignOut } from '@/lib/auth';
import { cn } from '@/utils/cn';
import { myAdvertiserQueryOptions } from '../api/portal-queries';

const SECTIONS = [
  { to: paths.advertiser.home.getHref(), label: 'campaigns', end: true },
  { to: paths.advertiser.plays.getHref(), label: 'plays', end: false },
  { to: paths.advertiser.creatives.getHref(), label: 'creatives', end: false },
  { to: paths.advertiser.statements.getHref(), label: 'statements', end: false },
] as const;

export function PortalShellRoute() {
  const { t } = useTranslation('advertiserPortal');
  const me = useQuery(myAdvertiserQueryOptions());
  const signOut = useSignOut();
  return (
    <div className="min-h-full bg-gray-50 print:bg-white">
      <header className="border-b border-gray-200 bg-white print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <ProductMark />
            <p className="truncate text-sm text-gray-600">
              {t('shell.title')}
              {me.data && (
                <>
                  {' · '}
                  <span className="font-medium text-gray-900">{me.data.business_name}</span>
                </>
              )}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <LanguageSelect />
            <Button variant="outline" size="sm" isLoading={signOut.isPending} onClick={() => signOut.mutate()}>
              {!signOut.isPending && <LogOut aria-hidden className="size-4" />}
              {t('shell.signOut')}
            </Button>
          </div>
        </div>
        <nav aria-label={t('shell.nav')} className="mx-auto max-w-6xl overflow-x-auto px-4 sm:px-6">
          <ul className="flex gap-1">
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  end={s.end}
                  className={({ isActive }) =>
                    cn(
                      'inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                      isActive
                        ? 'border-brand-600 text-brand-700'
                        : 'border-transparent text-gray-600 hover:text-gray-900',
                    )
                  }
                >
                  {t(`shell.sections.${s.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6 print:max-w-none print:p-0">
        <Outlet />
      </main>
    </div>
  );
}

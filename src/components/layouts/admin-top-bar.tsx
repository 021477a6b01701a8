import { Bell, LayoutGrid, LogOut, Maximize, Menu, Moon, Search, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSelect } from '@/components/language/language-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useSignOut } from '@/lib/auth';

/** Buttons of the top bar that have no behaviour yet. */
const inertButtons = [
  { label: 'fullscreen', icon: Maximize },
  { label: 'favourites', icon: Star },
  { label: 'theme', icon: Moon },
  { label: 'apps', icon: LayoutGrid },
] as const;

export interface AdminTopBarProps {
  onOpenMenu: () => void;
  /** Unresolved alerts (the bell's badge); null while unknown. */
  unresolvedAlerts: number | null;
}

export function AdminTopBar({ onOpenMenu, unresolvedAlerts }: AdminTopBarProps) {
  const { t } = useTranslation('layout');
  // Once signed out, the guards send a visitor to the customer sign-in (/auth); an admin who
  // logs out belongs at the admin sign-in (/admin) instead, so the sign-out asks for that.
  const signOut = useSignOut({ redirectTo: paths.admin.signIn.getHref() });

  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b border-gray-200 bg-white px-4 sm:gap-3 lg:px-6">
      <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('topBar.openMenu')} onClick={onOpenMenu}>
        <Menu aria-hidden className="size-5" />
      </Button>
      <form role="search" className="relative max-w-xs flex-1" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="admin-search" className="sr-only">
          {t('topBar.search.label')}
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
        />
        <Input id="admin-search" type="search" placeholder={t('topBar.search.placeholder')} className="pl-9" />
      </form>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <LanguageSelect />
        {inertButtons.map(({ label, icon: Icon }) => (
          <Button
            key={label}
            variant="ghost"
            size="icon"
            aria-label={t(`topBar.buttons.${label}`)}
            className="hidden sm:inline-flex"
          >
            <Icon aria-hidden className="size-5" />
          </Button>
        ))}
        <Button asChild variant="ghost" size="icon" className="relative">
          <Link
            to={paths.dashboard.alerts.getHref({ state: 'unresolved' })}
            aria-label={
              unresolvedAlerts === null
                ? t('topBar.notifications')
                : t('topBar.notificationsCount', { count: unresolvedAlerts })
            }
          >
            <Bell aria-hidden className="size-5" />
            {!!unresolvedAlerts && (
              <span
                aria-hidden
                data-testid="alert-badge"
                className="absolute top-1 right-1 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-danger-600 px-1 text-[10px] font-semibold text-white"
              >
                {unresolvedAlerts > 99 ? '99+' : unresolvedAlerts}
              </span>
            )}
          </Link>
        </Button>
        {signOut.error && (
          <span role="alert" className="text-sm text-danger-700">
            {signOut.error.message || t('topBar.signOutFailed')}
          </span>
        )}
        <Button
          variant="outline"
          size="sm"
          title={t('topBar.logOut')}
          isLoading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {!signOut.isPending && <LogOut aria-hidden className="size-4" />}
          {t('topBar.logOut')}
        </Button>
      </div>
    </header>
  );
}

// The admin area: side menu, top bar, and the page in the content area. Below the
// lg breakpoint the side menu collapses into a drawer opened from the top bar.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { AdminSidebar, type SidebarFigure } from './admin-sidebar';
import { AdminTopBar } from './admin-top-bar';

/** What the frame shows of the network (the app reads it; this folder does not). */
export interface ShellFigures {
  sidebar: SidebarFigure[];
  /** Unresolved alerts; null while unknown. */
  unresolvedAlerts: number | null;
}

export interface AdminLayoutProps {
  figures: ShellFigures;
  /** A message above the page, such as why a route guard sent the member here. */
  notice?: string;
}

export function AdminLayout({ figures, notice }: AdminLayoutProps) {
  const { t } = useTranslation('layout');
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    // The page itself scrolls (not a box inside it), so the keyboard, the browser's find and
    // assistive technology scroll it as any page; the side menu and the top bar stay put.
    <div className="flex min-h-full bg-gray-50">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {t('skipLink')}
      </a>
      <aside className="hidden w-64 shrink-0 lg:block" aria-label={t('sidebar.label')}>
        <AdminSidebar figures={figures.sidebar} className="sticky top-0 h-screen" />
      </aside>
      <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50 lg:hidden" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-64 shadow-xl focus:outline-none lg:hidden">
            <Dialog.Title className="sr-only">{t('drawer.title')}</Dialog.Title>
            <Dialog.Description className="sr-only">{t('drawer.description')}</Dialog.Description>
            <AdminSidebar figures={figures.sidebar} onNavigate={() => setMenuOpen(false)} />
            <Dialog.Close asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('drawer.close')}
                className="absolute top-3 right-2 text-gray-300 hover:bg-gray-800 hover:text-white"
              >
                <X aria-hidden className="size-5" />
              </Button>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="sticky top-0 z-30">
          <AdminTopBar onOpenMenu={() => setMenuOpen(true)} unresolvedAlerts={figures.unresolvedAlerts} />
        </div>
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {notice && (
            <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6">
              <Alert tone="warning">{notice}</Alert>
            </div>
          )}
          <Outlet />
        </main>
      </div>
    </div>
  );
}

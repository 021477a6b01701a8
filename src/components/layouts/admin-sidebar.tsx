import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { focusRing } from '@/components/ui/button';
import { ProductMark } from '@/components/ui/product-mark';
import { useAccess } from '@/lib/auth';
import { isTeamRole } from '@/lib/permissions';
import { mayOpen } from '@/lib/route-access';
import { cn } from '@/utils/cn';
import { adminNav } from './admin-nav';

export interface SidebarFigure {
  label: string;
  value: string;
  /** What the figure counts (shown on hover and to screen readers). */
  hint?: string;
}

export interface AdminSidebarProps {
  /** The network's figures under the title (Campaigns, Displays, Uptime). */
  figures: SidebarFigure[];
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
  className?: string;
}

/** The admin side menu: the header with the network's figures, then the link groups. */
export function AdminSidebar({ figures, onNavigate, className }: AdminSidebarProps) {
  const { t } = useTranslation('layout');
  // The shell is behind the team's route guard, which waited for the role: a member sees the
  // pages their role may open. (Without a team role, as in a layout rendered alone, all of them.)
  const access = useAccess();
  const role = access.status === 'signed-in' && isTeamRole(access.role) ? access.role : null;
  const groups = adminNav
    .map((group) => ({ ...group, items: group.items.filter((item) => !role || mayOpen(role, item.area)) }))
    .filter((group) => group.items.length > 0);
  return (
    <div className={cn('flex h-full flex-col bg-gray-900 text-gray-100', className)}>
      <div className="space-y-3 border-b border-gray-800 px-5 py-5">
        <ProductMark tone="light" />
        <div>
          <p className="text-lg font-semibold text-white">{t('sidebar.title')}</p>
          <p className="text-xs text-gray-400">{t('sidebar.subtitle')}</p>
        </div>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {figures.map((figure) => (
            <div
              key={figure.label}
              className="flex flex-col-reverse rounded-md bg-gray-800 px-1 py-2"
              title={figure.hint}
            >
              <dt className="text-[11px] text-gray-400">{figure.label}</dt>
              <dd className="text-sm font-semibold text-white">
                {figure.value}
                {figure.hint && <span className="sr-only">{t('sidebar.figureHint', { hint: figure.hint })}</span>}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <nav aria-label={t('nav.label')} className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
        {groups.map((group) => (
          <div key={group.label}>
            <h2 className="px-2 pb-2 text-xs font-semibold tracking-wide text-gray-400 uppercase">
              {t(`nav.groups.${group.label}`)}
            </h2>
            <ul className="space-y-1">
              {group.items.map(({ label, to, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium transition-colors',
                        focusRing,
                        'focus-visible:outline-brand-500',
                        isActive ? 'bg-brand-600 text-white' : 'text-gray-300 hover:bg-gray-800 hover:text-white',
                      )
                    }
                  >
                    <Icon aria-hidden className="size-4 shrink-0" />
                    {t(`nav.items.${label}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}

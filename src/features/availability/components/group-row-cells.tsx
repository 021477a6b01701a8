import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Day } from '@/entities/plays/calendar-days';
import type { ScreenGroupTag } from '@/entities/screen-group/screen-groups';
import { errorMessage } from '@/components/ui/error-state';
import { groupAvailabilityQueryOptions, type AvailabilityFilters } from '../api/availability';
import type { BookingsTarget } from './bookings-dialog';
import { cellLabel } from './availability-grid';
import { DayCell } from './day-cell';

export interface GroupRowCellsProps {
  group: ScreenGroupTag;
  filters: AvailabilityFilters;
  days: readonly Day[];
  onOpen: (target: BookingsTarget) => void;
}

/** A group's days: each its fullest screen's share, and how many of its screens still have room. */
export function GroupRowCells({ group, filters, days, onOpen }: GroupRowCellsProps) {
  const { t } = useTranslation(['availability', 'common']);
  const load = useQuery(groupAvailabilityQueryOptions(filters, group.id));
  const across = (content: ReactNode) => (
    <td colSpan={days.length} className="px-2 py-1 text-sm">
      {content}
    </td>
  );
  if (load.isPending)
    return across(<span className="text-gray-500">{t('groups.loadingOne', { name: group.name })}</span>);
  if (load.isError)
    return across(
      <span role="alert" className="text-danger-700">
        {t('groups.loadFailedOne', { name: group.name, reason: errorMessage(load.error) })}{' '}
        <button type="button" className="underline" onClick={() => void load.refetch()}>
          {t('common:actions.retry')}
        </button>
      </span>,
    );
  if (Object.keys(load.data).length === 0)
    return across(<span className="text-gray-500">{t('screens.emptyTitle')}</span>);
  return days.map((day) => {
    const d = load.data[day];
    if (!d) return <td key={day} />;
    return (
      <td key={day} className="p-0">
        <DayCell
          bookedSeconds={d.fullest.bookedSeconds}
          loopSeconds={d.fullest.loopSeconds}
          label={t('groups.cellLabel', { cell: cellLabel(group.name, day), screen: d.fullest.name })}
          note={t('groups.withRoom', { count: d.screens, withRoom: d.withRoom })}
          onOpen={() =>
            onOpen({
              deviceId: d.fullest.id,
              name: d.fullest.name,
              venue: d.fullest.venue,
              day,
              loopSeconds: d.fullest.loopSeconds,
              bookedSeconds: d.fullest.bookedSeconds,
              group: group.name,
            })
          }
        />
      </td>
    );
  });
}

import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/charts/bar-chart';
import { formatDay } from './calendar-days';
import type { PlaysDay } from './plays-report';
import { formatCount, formatTimeOnScreen, formatTimeTick } from './time-on-screen';

/** Plays and time on screen per day of a period, with the figures in a table for screen readers. */
export function PlaysByDayChart({
  days,
  title,
  height,
}: {
  days: readonly PlaysDay[];
  title?: string;
  height?: number;
}) {
  const { t } = useTranslation('reports');
  // Each bar is named by its whole day; its tick by the day alone ('Nov 25', '25. Nov.').
  const ticks = new Map(days.map((d) => [formatDay(d.day, 'long'), formatDay(d.day)]));
  return (
    <BarChart
      title={title ?? t('chart.title')}
      periodLabel={t('chart.period')}
      valueLabel={t('chart.plays')}
      formatValue={formatCount}
      second={{ label: t('chart.timeOnScreen'), formatValue: formatTimeOnScreen, formatTick: formatTimeTick }}
      data={days.map((d) => ({ label: formatDay(d.day, 'long'), value: d.plays, second: d.seconds }))}
      formatTick={(label) => ticks.get(label) ?? label}
      height={height}
    />
  );
}

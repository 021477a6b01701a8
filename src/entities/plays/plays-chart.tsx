import { BarChart } from '@/components/charts/bar-chart';
import { formatDay } from './calendar-days';
import type { PlaysDay } from './plays-report';
import { formatCount, formatTimeOnScreen, formatTimeTick } from './time-on-screen';

/** Plays and time on screen per day of a period, with the figures in a table for screen readers. */
export function PlaysByDayChart({
  days,
  title = 'Plays per day',
  height,
}: {
  days: readonly PlaysDay[];
  title?: string;
  height?: number;
}) {
  return (
    <BarChart
      title={title}
      periodLabel="Day"
      valueLabel="Plays"
      formatValue={formatCount}
      second={{ label: 'Time on screen', formatValue: formatTimeOnScreen, formatTick: formatTimeTick }}
      data={days.map((d) => ({ label: formatDay(d.day, 'long'), value: d.plays, second: d.seconds }))}
      formatTick={(label) => label.replace(/^\w+, /, '').replace(/, \d{4}$/, '')}
      height={height}
    />
  );
}

// A bar chart of one series, or two side by side on their own axes (recharts), in the
// product's colours, with the same figures in a table for screen readers. Used for monthly
// revenue, and plays with time on screen per day.
import { Bar, BarChart as Chart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface BarDatum {
  /** The bar's label on the axis (a month, a day). */
  label: string;
  value: number;
  /** The second series' value (when the chart has a `second` series). */
  second?: number;
}

/** A second series, drawn beside the first on an axis of its own at the right. */
export interface BarSeries {
  /** Its name in the legend, tooltip and table ('Time on screen'). */
  label: string;
  formatValue?: (value: number) => string;
  /** Its axis ticks may be shorter than its values in the tooltip and table. */
  formatTick?: (value: number) => string;
}

export interface BarChartProps {
  data: BarDatum[];
  /** What the chart shows, for screen readers and the table's caption ('Monthly revenue'). */
  title: string;
  /** The value's column heading ('Revenue'). */
  valueLabel: string;
  formatValue?: (value: number) => string;
  /** Axis ticks may be shorter than the labels in the tooltip and table. */
  formatTick?: (label: string) => string;
  /** The table's first column heading ('Period'). */
  periodLabel?: string;
  second?: BarSeries;
  height?: number;
}

const tick = { fill: 'var(--color-gray-500)', fontSize: 12 };

export function BarChart({
  data,
  title,
  valueLabel,
  formatValue = String,
  formatTick,
  periodLabel = 'Period',
  second,
  height = 224,
}: BarChartProps) {
  const formatSecond = second?.formatValue ?? String;
  return (
    <figure className="m-0">
      <div aria-hidden style={{ height }} data-testid="bar-chart">
        <ResponsiveContainer width="100%" height="100%">
          {/* No keyboard layer: the figures are in the table below for screen readers and keyboards. */}
          <Chart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--color-gray-200)" />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              tickFormatter={formatTick}
              tick={tick}
              minTickGap={8}
            />
            <YAxis
              yAxisId="value"
              tickLine={false}
              axisLine={false}
              width={72}
              tickFormatter={(v: number) => formatValue(v)}
              tick={tick}
            />
            {second && (
              <YAxis
                yAxisId="second"
                orientation="right"
                tickLine={false}
                axisLine={false}
                width={72}
                tickFormatter={(v: number) => (second.formatTick ?? formatSecond)(v)}
                tick={tick}
              />
            )}
            <Tooltip
              cursor={{ fill: 'var(--color-gray-100)' }}
              formatter={(v, name) =>
                second && name === second.label
                  ? [formatSecond(Number(v)), second.label]
                  : [formatValue(Number(v)), valueLabel]
              }
              labelStyle={{ color: 'var(--color-gray-900)' }}
            />
            {second && <Legend verticalAlign="top" height={28} iconType="square" />}
            <Bar
              yAxisId="value"
              dataKey="value"
              name={valueLabel}
              fill="var(--color-brand-600)"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
            {second && (
              <Bar
                yAxisId="second"
                dataKey="second"
                name={second.label}
                fill="var(--color-success-600)"
                radius={[4, 4, 0, 0]}
                isAnimationActive={false}
              />
            )}
          </Chart>
        </ResponsiveContainer>
      </div>
      {/* The figures for screen readers. A box of its own hides the table: a table is never
          narrower than its columns, so one made sr-only itself would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{periodLabel}</th>
              <th scope="col">{valueLabel}</th>
              {second && <th scope="col">{second.label}</th>}
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{formatValue(d.value)}</td>
                {second && <td>{formatSecond(d.second ?? 0)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

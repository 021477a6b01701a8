// A bar chart of one series (recharts), in the product's colours, with the same figures in
// a table for screen readers. Used for monthly revenue and plays per day.
import { Bar, BarChart as Chart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface BarDatum {
  /** The bar's label on the axis (a month, a day). */
  label: string;
  value: number;
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
  height?: number;
}

export function BarChart({ data, title, valueLabel, formatValue = String, formatTick, height = 224 }: BarChartProps) {
  return (
    <figure className="m-0">
      <div aria-hidden style={{ height }} data-testid="bar-chart">
        <ResponsiveContainer width="100%" height="100%">
          <Chart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid vertical={false} stroke="var(--color-gray-200)" />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              tickFormatter={formatTick}
              tick={{ fill: 'var(--color-gray-500)', fontSize: 12 }}
              minTickGap={8}
            />
            <YAxis
              tickLine={false}
              axisLine={false}
              width={72}
              tickFormatter={(v: number) => formatValue(v)}
              tick={{ fill: 'var(--color-gray-500)', fontSize: 12 }}
            />
            <Tooltip
              cursor={{ fill: 'var(--color-gray-100)' }}
              formatter={(v) => [formatValue(Number(v)), valueLabel]}
              labelStyle={{ color: 'var(--color-gray-900)' }}
            />
            <Bar dataKey="value" fill="var(--color-brand-600)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </Chart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{formatValue(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

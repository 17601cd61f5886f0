import { type DailyCount, groupWeekly } from '@formsmith/core/analytics/format';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard, ChartDataTable, ChartEmpty } from './chart-card.tsx';
import { longDate, shortDate, tooltipStyles, useChartPalette } from './chart-palette.ts';

/** Submissions per day (per week on the 90-day view), with a table as its text alternative. */
export function DailySubmissionsChart({ days, weekly }: { days: DailyCount[]; weekly: boolean }) {
  const palette = useChartPalette();
  const points = weekly ? groupWeekly(days) : days;
  const total = points.reduce((t, p) => t + p.count, 0);
  const title = weekly ? 'Weekly submissions' : 'Daily submissions';
  const unit = weekly ? 'Week of' : 'Date';
  if (total === 0) {
    return (
      <ChartCard title={title} id="daily-submissions-title">
        <ChartEmpty>No submission data available for this period</ChartEmpty>
      </ChartCard>
    );
  }
  const peak = points.reduce((best, p) => (p.count > best.count ? p : best), points[0]!);
  const summary = `${title}: ${total} in total from ${longDate(points[0]!.date)}; the most, ${peak.count}, ${
    weekly ? 'in the week of' : 'on'
  } ${longDate(peak.date)}.`;
  return (
    <ChartCard title={title} id="daily-submissions-title">
      <div role="img" aria-label={summary} className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={points}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={palette.grid} vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={shortDate}
              stroke={palette.axis}
              tick={{ fill: palette.axis, fontSize: 12 }}
              minTickGap={16}
            />
            <YAxis allowDecimals={false} stroke={palette.axis} tick={{ fill: palette.axis, fontSize: 12 }} />
            <Tooltip
              {...tooltipStyles(palette)}
              cursor={{ fill: palette.grid }}
              labelFormatter={(label) => `${weekly ? 'Week of ' : ''}${longDate(String(label))}`}
              formatter={(value) => [value, 'Submissions']}
            />
            <Bar
              isAnimationActive={false}
              dataKey="count"
              name="Submissions"
              fill={palette.primary}
              radius={[4, 4, 0, 0]}
              maxBarSize={40}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartDataTable
        caption={title}
        headers={[unit, 'Submissions']}
        rows={points.map((p) => [longDate(p.date), p.count])}
      />
    </ChartCard>
  );
}

import type { FieldAnalytics } from '@formsmith/core/analytics/api';
import { formatSeconds, wrapLabel } from '@formsmith/core/analytics/format';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard, ChartDataTable, ChartEmpty } from './chart-card.tsx';
import { tooltipStyles, useChartPalette } from './chart-palette.ts';

/**
 * A question's name beside its bar: in two lines at most, the last ending in '…' when it is
 * longer, the whole name in a title (a tooltip) and in the chart's text alternative.
 */
function QuestionTick(props: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  fill: string;
}) {
  const full = String(props.payload?.value ?? '');
  const lines = wrapLabel(full);
  return (
    <g transform={`translate(${Number(props.x)},${Number(props.y)})`}>
      <title>{full}</title>
      <text textAnchor="end" fill={props.fill} fontSize={12} x={-4} y={lines.length > 1 ? -3 : 4}>
        {lines.map((line, i) => (
          <tspan key={line} x={-4} dy={i === 0 ? 0 : 14}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/** Responses and skips per field, stacked, with a table (and average time) as text alternative. */
export function FieldAnalyticsChart({ fields }: { fields: FieldAnalytics[] }) {
  const palette = useChartPalette();
  const answered = fields.filter((f) => f.response_count + f.skip_count > 0);
  if (answered.length === 0) {
    return (
      <ChartCard title="Field analytics" id="field-analytics-title">
        <ChartEmpty>No field analytics available yet</ChartEmpty>
      </ChartCard>
    );
  }
  const data = answered.map((f) => ({ label: f.label, responses: f.response_count, skips: f.skip_count }));
  const summary = `Responses and skips per field: ${answered
    .map((f) => `${f.label}, ${f.response_count} responses and ${f.skip_count} skips`)
    .join('; ')}.`;
  return (
    <ChartCard title="Field analytics" id="field-analytics-title">
      <div role="img" aria-label={summary} className="w-full" style={{ height: 64 + data.length * 40 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 0, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={palette.grid} horizontal={false} />
            <XAxis
              type="number"
              allowDecimals={false}
              stroke={palette.axis}
              tick={{ fill: palette.axis, fontSize: 12 }}
            />
            <YAxis
              type="category"
              dataKey="label"
              width={120}
              interval={0}
              stroke={palette.axis}
              tick={<QuestionTick fill={palette.axis} />}
            />
            <Tooltip {...tooltipStyles(palette)} cursor={{ fill: palette.grid }} />
            <Legend wrapperStyle={{ color: palette.axis, fontSize: 12 }} />
            <Bar
              dataKey="responses"
              name="Responses"
              stackId="a"
              fill={palette.primary}
              isAnimationActive={false}
            />
            <Bar
              dataKey="skips"
              name="Skipped"
              stackId="a"
              fill={palette.secondary}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartDataTable
        caption="Field analytics"
        headers={['Field', 'Responses', 'Skipped', 'Avg. time']}
        rows={fields.map((f) => [f.label, f.response_count, f.skip_count, formatSeconds(f.avg_time_spent)])}
      />
    </ChartCard>
  );
}

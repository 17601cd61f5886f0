import type { FieldAnalytics } from '@formsmith/core/analytics/api';
import { capPercent, shouldLabelSlice } from '@formsmith/core/analytics/format';
import { hasTextAnswers } from '@formsmith/core/analytics/type-figures';
import { useId } from 'react';
import { Cell, Pie, PieChart, type PieLabelRenderProps, ResponsiveContainer, Tooltip } from 'recharts';
import { ChartCard, ChartEmpty } from './chart-card.tsx';
import { type ChartPalette, tooltipStyles, useChartPalette } from './chart-palette.ts';
import { FigureTable, hasFigureTable } from './figure-tables.tsx';
import { TextAnswers, type TextSource } from './text-answers.tsx';
import {
  FilesFigures,
  HourFigures,
  NumberFigures,
  SignatureFigures,
  SplitFigures,
  TimelineFigures,
} from './type-figures.tsx';

const CHOICE_TYPES = new Set(['select', 'radio', 'checkbox', 'picture_choice']);

/** Whether a field gets an answer distribution pie. */
export function isChoiceField(field: FieldAnalytics): boolean {
  return CHOICE_TYPES.has(field.field_type);
}

function renderSliceLabel(props: PieLabelRenderProps, total: number, palette: ChartPalette) {
  const value = Number(props.value ?? 0);
  if (!shouldLabelSlice(value, total)) return null;
  return (
    <text
      x={Number(props.x)}
      y={Number(props.y)}
      fill={palette.axis}
      fontSize={12}
      textAnchor={Number(props.x) > Number(props.cx) ? 'start' : 'end'}
      dominantBaseline="central"
    >
      {`${capPercent((value / total) * 100)}%`}
    </text>
  );
}

function FieldPie({ field }: { field: FieldAnalytics }) {
  const palette = useChartPalette();
  const slices = Object.entries(field.answer_distribution)
    .map(([answer, count]) => ({ answer, count }))
    .filter((s) => s.count > 0);
  const total = slices.reduce((t, s) => t + s.count, 0);
  if (total === 0) return <ChartEmpty>No response data available for this field</ChartEmpty>;
  const color = (i: number) => palette.slices[i % palette.slices.length]!;
  const summary = `${field.label}: ${slices.map((s) => `${s.answer} ${s.count}`).join(', ')}.`;
  return (
    <div className="flex min-w-0 flex-col items-center gap-3 sm:flex-row sm:items-start">
      <div role="img" aria-label={summary} className="h-52 w-full max-w-64 shrink-0">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              data={slices}
              dataKey="count"
              nameKey="answer"
              innerRadius="45%"
              outerRadius="70%"
              paddingAngle={1}
              stroke={palette.tooltipBackground}
              label={(props: PieLabelRenderProps) => renderSliceLabel(props, total, palette)}
              labelLine={false}
              isAnimationActive={false}
            >
              {slices.map((s, i) => (
                <Cell key={s.answer} fill={color(i)} />
              ))}
            </Pie>
            <Tooltip {...tooltipStyles(palette)} />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul className="w-full min-w-0 space-y-1.5 text-sm" aria-label={`Answers to ${field.label}`}>
        {slices.map((s, i) => (
          <li key={s.answer} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="h-3 w-3 shrink-0 rounded-sm"
              style={{ background: color(i) }}
            />
            <span className="min-w-0 flex-1 truncate" title={s.answer}>
              {s.answer}
            </span>
            <span className="tabular-nums text-slate-700 dark:text-slate-300">
              {s.count} ({capPercent((s.count / total) * 100)}%)
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The figures of one question, by what its answers are. */
function QuestionFigures({ field, text }: { field: FieldAnalytics; text: TextSource | undefined }) {
  if (hasFigureTable(field)) return <FigureTable field={field} />;
  if (field.summary) return <NumberFigures field={field} />;
  if (field.split) return <SplitFigures field={field} />;
  if (field.timeline) return <TimelineFigures field={field} />;
  if (field.files) return <FilesFigures field={field} />;
  if (field.field_type === 'signature') return <SignatureFigures field={field} />;
  if (field.field_type === 'time') return <HourFigures field={field} />;
  const counted = Object.keys(field.answer_distribution).length > 0;
  if (hasTextAnswers(field.field_type)) {
    // A phone number is counted by its calling code too.
    return (
      <div className="space-y-3">
        {counted && <FieldPie field={field} />}
        {text ? (
          <TextAnswers field={field} source={text} />
        ) : (
          <p className="text-sm text-slate-800 dark:text-slate-200">{field.response_count} answers</p>
        )}
      </div>
    );
  }
  if (isChoiceField(field) || counted) return <FieldPie field={field} />;
  return (
    <p className="text-sm text-slate-800 dark:text-slate-200">
      {field.response_count} answered, {field.skip_count} skipped
    </p>
  );
}

/**
 * One question's figures under its name: an article, not a landmark, since an encrypted form's page
 * shows the browser's figures of the same questions beside the server's.
 */
function QuestionCard({ field, text }: { field: FieldAnalytics; text: TextSource | undefined }) {
  const id = useId();
  return (
    <article aria-labelledby={id} className="min-w-0 space-y-2">
      <h4
        id={id}
        className="text-sm font-semibold text-slate-800 [overflow-wrap:anywhere] dark:text-slate-200"
      >
        {field.label}
      </h4>
      <QuestionFigures field={field} text={text} />
    </article>
  );
}

/**
 * A card per question with what its answers show: choices a pie with a visible legend (7 colours;
 * slices under 5% carry no label), ratings, grids and rankings a table, numbers a summary and a
 * histogram, yes/no a split, dates a timeline, files their counts, text the latest answers and a
 * search (`text` says where they come from; without it only the count).
 */
export function AnswerDistribution({
  fields,
  text,
  title = 'Answers by question',
  id = 'answer-distribution-title',
}: {
  fields: FieldAnalytics[];
  text?: TextSource;
  /** The card's title and its id: a page showing two (an encrypted form's) names them apart. */
  title?: string;
  id?: string;
}) {
  if (fields.length === 0) return null;
  return (
    <ChartCard title={title} id={id}>
      <div className="grid gap-6 xl:grid-cols-2">
        {fields.map((field) => (
          <QuestionCard key={field.field_id} field={field} text={text} />
        ))}
      </div>
    </ChartCard>
  );
}

import { z } from 'zod';
import { answerFilterSchema } from './answer-filter.ts';

// Which columns the review table shows, in which order: kept per form in the browser and, once
// saved, in a saved view. A column is a question (`field:<id>`) or one of the meta columns.

/** The table's columns that are not answers (the reference is always first, so never listed). */
export const META_COLUMNS = ['score', 'language', 'stage', 'assignee', 'submitted'] as const;
export type MetaColumn = (typeof META_COLUMNS)[number];

/** What each meta column is called in the table's header and the column picker. */
export const META_COLUMN_LABELS: Record<MetaColumn, string> = {
  submitted: 'Submitted',
  language: 'Language',
  stage: 'Stage',
  assignee: 'Assignee',
  score: 'Score',
};

/** A column's key: `field:<field id>` or `meta:<meta column>`. */
export const columnKeySchema = z.string().regex(/^(field:[^\s]{1,100}|meta:[a-z]{1,20})$/);
export const fieldColumn = (fieldId: string) => `field:${fieldId}`;
export const metaColumn = (meta: MetaColumn) => `meta:${meta}`;

/** The shown columns, in order (at most one of each). */
export const tableColumnsSchema = z
  .array(columnKeySchema)
  .max(500)
  .refine((keys) => new Set(keys).size === keys.length, 'A column is listed twice');
export type TableColumns = z.infer<typeof tableColumnsSchema>;

/**
 * The columns to show: the stored choice with the columns the form no longer has left out (a
 * deleted question), or the defaults when nothing (readable) was stored.
 */
export function resolveColumns(input: {
  available: readonly string[];
  stored: unknown;
  defaults: readonly string[];
}): string[] {
  const parsed = tableColumnsSchema.safeParse(input.stored);
  if (!parsed.success) return [...input.defaults];
  const known = new Set(input.available);
  return parsed.data.filter((key) => known.has(key));
}

/** The list with the column at `from` moved to `to` (both clamped to the list). */
export function moveColumn(columns: readonly string[], from: number, to: number): string[] {
  const next = [...columns];
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(target, 0, moved);
  return next;
}

/** What a saved view keeps: the columns in order and the answer filter (null for none). */
export const savedViewStateSchema = z.object({
  columns: tableColumnsSchema,
  filter: answerFilterSchema.nullable(),
});
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

/** A new saved view, or a changed one (every key given: nothing is assumed). */
export const savedViewBodySchema = z.object({
  name: z.string().trim().min(1, 'Name the view').max(100, 'At most 100 characters'),
  shared: z.boolean(),
  state: savedViewStateSchema,
});
export type SavedViewBody = z.infer<typeof savedViewBodySchema>;

/** A saved view as the list answers it. */
export const savedViewSchema = savedViewBodySchema.extend({
  id: z.string(),
  /** Whether the caller made it (only its maker changes or deletes it). */
  mine: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) });
export const savedViewParamsSchema = z.object({ id: z.string(), viewId: z.string() });

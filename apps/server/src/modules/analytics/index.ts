// The analytics module's public entry: the daily aggregates are written only through these (a
// writer in another module hands a StatsDelta to statsDeltaCtes; it builds no aggregate SQL).

export { addDays, daysBetween, parseDay, utcDay } from './days.ts';
export {
  countedFields,
  extractSubmissionStats,
  extractTimeStats,
  fieldValue,
  MAX_COMPLETION_SECONDS,
  MAX_FIELD_SECONDS,
} from './extract.ts';
export {
  buildFunnel,
  completedEntry,
  type FunnelEntry,
  funnelCte,
  readFunnelRows,
  startedEntry,
} from './funnel.ts';
export { type PageViewCounter, pageViewCounter } from './page-views.ts';
export { type RebuildSubmission, rebuildStats, type SubmissionSource } from './rebuild.ts';
export {
  type BatchStats,
  type BatchStatsItem,
  type BatchTotals,
  batchStatsOf,
  batchTotalsOf,
  recordTimeStats,
  type StatementParams,
  type StatsDelta,
  type SubmissionStatsInput,
  statsDeltaCtes,
  submissionDelta,
} from './recorder.ts';
export { countViews, type PeriodStats, readPeriodStats } from './repository.ts';
export { type LabelRowKey, resealAnswerLabels } from './reseal-labels.ts';
export { buildAnalytics, buildPaths, MAX_RANGE_DAYS } from './service.ts';

// The analytics module's public entry: the daily aggregates are written only through these.

export { parseDay } from './days.ts';
export {
  countedFields,
  extractTimeStats,
  MAX_COMPLETION_SECONDS,
  MAX_FIELD_SECONDS,
} from './extract.ts';
export {
  completedEntry,
  type FunnelEntry,
  funnelCte,
  startedEntry,
} from './funnel.ts';
export { type PageViewCounter, pageViewCounter } from './page-views.ts';
export { type RebuildSubmission, rebuildStats, type SubmissionSource } from './rebuild.ts';
export {
  type BatchStats,
  type BatchStatsItem,
  type BatchTotals,
  batchStatsCtes,
  batchStatsCtesOf,
  batchStatsOf,
  batchTotalsCtesOf,
  batchTotalsOf,
  recordTimeStats,
  SHARD,
  type StatementParams,
  type SubmissionStatsInput,
  submissionStatsCtes,
} from './recorder.ts';
export { type LabelRowKey, resealAnswerLabels } from './reseal-labels.ts';

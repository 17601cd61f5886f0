// The analytics module's public entry: the daily aggregates are written only through these.

export {
  completedEntry,
  type FunnelEntry,
  funnelCte,
  startedEntry,
} from './funnel.ts';
export { type PageViewCounter, pageViewCounter } from './page-views.ts';
export { rebuildFormStats } from './rebuild.ts';
export {
  type BatchStats,
  type BatchStatsItem,
  type BatchTotals,
  batchStatsCtes,
  batchStatsCtesOf,
  batchStatsOf,
  batchTotalsCtesOf,
  batchTotalsOf,
  SHARD,
  type StatementParams,
  type SubmissionStatsInput,
  submissionStatsCtes,
} from './recorder.ts';
export { type LabelRowKey, resealAnswerLabels } from './reseal-labels.ts';

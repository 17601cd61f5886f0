// The submissions module's public entry: other modules reach the submissions table only through these.

export { readAnswers, sealAnswers } from './answer-sealing.ts';
export { confirmationMail, confirmationRecipient, readConfirmation } from './confirmation.ts';
export { deleteFormSubmissions } from './delete.ts';
export { onSubmissionEvent, type SubmissionEventCtes } from './events.ts';
export { submissionBatches } from './export.ts';
export { attachSubmissionPdf } from './mail-pdf.ts';
export { submissionNotifications } from './notify.ts';
export {
  createPartial,
  createResumeLink,
  findByResumeToken,
  type PartialRow,
  replaceResumeToken,
  updatePartial,
  useResumeLink,
} from './partials.ts';
export { rebuildFormStats } from './rebuild-stats.ts';
export { buildResponsesAttachment, countReportWindow, type ReportWindow } from './report-attachment.ts';
export {
  findSubmission,
  findSubmissionVersion,
  listAnsweredVersions,
  listDigestCounts,
  listRecentSubmissions,
  listSubmissionsAfter,
  mergeSubmissionTiming,
  type StoredSubmission,
  searchSubmissions,
} from './repository.ts';
export { countUnsealedAnswers, resealAnswers } from './reseal-answers.ts';
export { retentionJob } from './retention.ts';
export {
  completeSubmission,
  findSubmissionByKey,
  type StoreSubmissionInput,
  storeSubmission,
  storeSubmissions,
} from './store.ts';
export { renderFormSummaryPdf } from './summary/pdf.ts';
export type { SummaryInput } from './summary/report.ts';
export { COMMENT_BODY_COLUMNS, commentsByAuthor } from './triage.ts';

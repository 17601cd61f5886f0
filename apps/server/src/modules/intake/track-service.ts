import type { TrackBody } from '@formsmith/core/analytics/api';
import type { FormField } from '@formsmith/core/forms/field';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  countedFields,
  extractTimeStats,
  MAX_COMPLETION_SECONDS,
  MAX_FIELD_SECONDS,
  recordTimeStats,
} from '../analytics/index.ts';
import { findAnsweredFields } from '../forms/index.ts';
import { findSubmissionVersion, mergeSubmissionTiming } from '../submissions/index.ts';

// The timing the public page posts after a submit: it goes into the submission (submissions)
// and into the aggregates (analytics), so it is taken here, above both.

const finiteOrNull = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

/** The client's timing, limited to the form's fields and plain numbers, as stored in metadata. */
function cleanTiming(fields: FormField[], body: TrackBody) {
  const fieldInteractions: Record<string, { focuses: number; timeSpent: number }> = {};
  for (const field of countedFields(fields)) {
    const entry = body.fieldInteractions?.[field.id];
    if (typeof entry !== 'object' || entry === null) continue;
    const item = entry as Record<string, unknown>;
    fieldInteractions[field.id] = {
      focuses: Math.min(Math.floor(finiteOrNull(item.focuses) ?? 0), 10_000),
      timeSpent: Math.min(finiteOrNull(item.timeSpent) ?? 0, MAX_FIELD_SECONDS),
    };
  }
  const total = finiteOrNull(body.totalTimeSpent);
  return {
    totalTimeSpent: total === null ? null : Math.min(total, MAX_COMPLETION_SECONDS),
    fieldInteractions,
    completed: body.completed ?? true,
  };
}

/**
 * The client's timing, sent by the public page after a successful submit. When the submission was stored without
 * timing (no metadata.analytics, or one with no total and no interactions), the timing is merged
 * into it and added to the aggregates, once: the conditional update lets exactly one call win.
 * Anything else is ignored (true = recorded); the client never learns why.
 */
export async function trackSubmission(db: Db, input: { formId: number; body: TrackBody }): Promise<boolean> {
  const submissionId = input.body.submission_id ?? input.body.submissionId;
  if (!submissionId || !isUuid(submissionId)) return false;
  // Timing counts against the fields of the version the submission answered.
  const version = await findSubmissionVersion(db, { formId: input.formId, submissionId });
  if (version === null) return false;
  const answered = await findAnsweredFields(db, input.formId, [version]);
  const fields = answered.get(version)!;
  const timing = cleanTiming(fields, input.body);
  return db.transaction(async (tx) => {
    const row = await mergeSubmissionTiming(tx, { formId: input.formId, submissionId, timing });
    if (!row) return false;
    const time = extractTimeStats(fields, row.metadata);
    await recordTimeStats(tx, { formId: input.formId, createdAt: row.createdAt, time });
    return true;
  });
}

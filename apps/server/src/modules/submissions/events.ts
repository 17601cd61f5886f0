import type { SQL } from 'drizzle-orm';

/**
 * Data-modifying CTEs to write with each row of `source` (a CTE with `id` and `form_id` columns)
 * for `event` ('submission.created', 'submission.completed'), in the statement that stores it.
 * `name` prefixes the CTEs' names.
 */
export type SubmissionEventCtes = (input: { event: string; source: string; name: string }) => SQL[];

const builders = new Set<SubmissionEventCtes>();

/**
 * Adds `builder`'s CTEs to every statement that stores or completes a submission, so what they
 * write commits with the submission or not at all. Modules that build on submissions subscribe
 * here (webhooks queues its deliveries) instead of submissions importing them; subscribe before
 * the first submit, since the batch statements are prepared once. A set: subscribing the same
 * function again, as every app built in one process does, changes nothing.
 */
export function onSubmissionEvent(builder: SubmissionEventCtes): void {
  builders.add(builder);
}

/** The subscribers' CTEs for one event; the first keeps `name`, later ones get a numbered one. */
export function submissionEventCtes(input: { event: string; source: string; name: string }): SQL[] {
  return [...builders].flatMap((build, i) =>
    build({ ...input, name: i === 0 ? input.name : `${input.name}_${i}` }),
  );
}

import * as z from 'zod/mini';

// The submit's answer, apart from the request schemas so the public form page, which parses it,
// bundles only zod/mini.

/** The ending the form's logic chose (title and message recalled as text); null: the form's own message. */
export const submitEndingSchema = z.nullable(
  z.object({ id: z.string(), title: z.string(), message: z.string(), redirect_url: z.nullable(z.string()) }),
);
export type SubmitEnding = z.infer<typeof submitEndingSchema>;

/** The submit's answer (201). */
export const submitResponseSchema = z.object({
  submission_id: z.string(),
  message: z.string(),
  ending: submitEndingSchema,
});

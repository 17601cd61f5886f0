import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { type FormField, holdsAnswer } from '@formsmith/core/forms/field';
import type { SubmissionEvent } from '@formsmith/core/webhooks/schemas';

export type EventForm = { id: number; title: string; fields: FormField[] };
export type EventSubmission = {
  id: string;
  createdAt: Date;
  completed: boolean;
  data: Record<string, unknown>;
};

/** The `json` body: the form, and the submission with each answer beside its field's label and type. */
export function buildEvent(input: {
  type: string;
  at: Date;
  form: EventForm;
  submission: EventSubmission | null;
}): SubmissionEvent {
  const { form, submission } = input;
  const fields = form.fields.filter(holdsAnswer);
  return {
    type: input.type,
    timestamp: input.at.toISOString(),
    data: {
      form: { id: form.id, title: form.title },
      ...(submission
        ? {
            submission: {
              id: submission.id,
              created_at: submission.createdAt.toISOString(),
              status: submission.completed ? ('complete' as const) : ('partial' as const),
              answers: fields
                .filter((f) => Object.hasOwn(submission.data, f.id))
                .map((f) => ({ field_id: f.id, label: f.label, type: f.type, value: submission.data[f.id] })),
              variables: {},
            },
          }
        : {}),
    },
  };
}

const HEADLINES: Record<string, string> = {
  'submission.created': 'New submission',
  'submission.completed': 'Submission completed',
  'form.published': 'Form published',
  'webhook.test': 'Test event',
};

/** A chat message for Slack and Discord incoming webhooks: a headline and one line per answer. */
function chatText(event: SubmissionEvent, form: EventForm): string {
  const headline = `${HEADLINES[event.type] ?? event.type}: ${form.title}`;
  const fields = new Map(form.fields.map((f) => [f.id, f]));
  const lines = (event.data.submission?.answers ?? [])
    .slice(0, 25)
    .map((a) => `• ${a.label}: ${formatAnswer(fields.get(a.field_id), a.value).slice(0, 300)}`);
  return [headline, ...lines].join('\n');
}

/** The bytes sent for a webhook's format; the same bytes are signed. */
export function renderBody(format: string, event: SubmissionEvent, form: EventForm): string {
  switch (format) {
    case 'slack':
      return JSON.stringify({ text: chatText(event, form) });
    case 'discord':
      return JSON.stringify({ content: chatText(event, form).slice(0, 2000) });
    default:
      return JSON.stringify(event);
  }
}

import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { takesAnswer } from '@formsmith/core/fields/constants';
import type { FormField } from '@formsmith/core/forms/field';
import {
  type MemberEventBody,
  type SubmissionEvent,
  WEBHOOK_EVENT_LABELS,
} from '@formsmith/core/webhooks/api';

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
  const fields = form.fields.filter((f) => takesAnswer(f.type));
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

/** A chat message's first words: the event as the settings page names it, shorter where it can be. */
const HEADLINES: Record<string, string> = {
  ...WEBHOOK_EVENT_LABELS,
  'submission.completed': 'Submission completed',
  'webhook.test': 'Test event',
};

const SLACK_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Text Slack shows as typed: `&`, `<` and `>` are all it reads as markup (`<!channel>` pings
 * everyone, `<https://…|Reset>` is a disguised link), so escaping them is enough.
 */
function slackText(text: string): string {
  return text.replace(/[&<>]/g, (c) => SLACK_ESCAPES[c]!);
}

/**
 * Text Discord shows as typed: every Markdown mark (emphasis, masked links `[a](b)`, spoilers,
 * quotes, headings, lists, code) and the mention signs `<` and `@` behind a backslash. Mentions are
 * also switched off by `allowed_mentions`, so nobody is pinged whatever slips through.
 */
function discordText(text: string): string {
  return text.replace(/[\\*_~`|>#\-[\]()<@]/g, (c) => `\\${c}`);
}

/**
 * A chat message for Slack and Discord incoming webhooks: a headline and one line per answer,
 * every text the owner or a respondent wrote made plain by `plain`.
 */
function chatText(event: SubmissionEvent, form: EventForm, plain: (text: string) => string): string {
  const headline = `${HEADLINES[event.type] ?? event.type}: ${plain(form.title)}`;
  const fields = new Map(form.fields.map((f) => [f.id, f]));
  const lines = (event.data.submission?.answers ?? [])
    .slice(0, 25)
    .map((a) => `• ${plain(a.label)}: ${plain(formatAnswer(fields.get(a.field_id), a.value).slice(0, 300))}`);
  return [headline, ...lines].join('\n');
}

/** A chat message of a member event: what happened, in which workspace, to whom, with which role. */
function memberChatText(event: MemberEventBody, plain: (text: string) => string): string {
  const { workspace, member } = event.data;
  const who = member.name ? `${plain(member.name)} (${plain(member.email)})` : plain(member.email);
  const role = member.previous_role ? `${member.previous_role} → ${member.role}` : member.role;
  const left = event.data.reason === 'left' ? ', who left' : '';
  return `${HEADLINES[event.type] ?? event.type}: ${plain(workspace.name)}\n• ${who}${left}: ${role}`;
}

/** The bytes sent for a webhook's format, given its chat text; the same bytes are signed. */
function render(format: string, event: unknown, chat: (plain: (text: string) => string) => string): string {
  switch (format) {
    case 'slack':
      return JSON.stringify({ text: chat(slackText) });
    case 'discord':
      return JSON.stringify({ content: chat(discordText).slice(0, 2000), allowed_mentions: { parse: [] } });
    default:
      return JSON.stringify(event);
  }
}

/** The body of a form's event (a submission's, a publish, a move, a test). */
export function renderBody(format: string, event: SubmissionEvent, form: EventForm): string {
  return render(format, event, (plain) => chatText(event, form, plain));
}

/** The body of a workspace's member event. */
export function renderMemberBody(format: string, event: MemberEventBody): string {
  return render(format, event, (plain) => memberChatText(event, plain));
}

/** The body of a workspace webhook's test event: the workspace's id, and nothing about anyone. */
export function renderWorkspaceTestBody(
  format: string,
  input: { type: string; at: Date; workspaceId: number },
) {
  const event = {
    type: input.type,
    timestamp: input.at.toISOString(),
    data: { workspace: { id: input.workspaceId } },
  };
  const headline = `${HEADLINES[input.type] ?? input.type}: workspace ${input.workspaceId}`;
  return render(format, event, () => headline);
}

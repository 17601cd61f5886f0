// A team's work on a submission: its stage (new, in progress, done), who it is assigned to, and the
// members' comments with @mentions. Shapes of /api/form-submissions/forms/:id/submissions/:sid/
// triage and …/comments, read by the server's routes and by the web's submission detail.
import { z } from 'zod';

/** A submission's stage. Nothing is stored for "new": an untouched submission carries no triage. */
export const TRIAGE_STATUSES = ['new', 'in_progress', 'done'] as const;
export type TriageStatus = (typeof TRIAGE_STATUSES)[number];
export const TRIAGE_LABELS: Record<TriageStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  done: 'Done',
};

export const COMMENT_MAX = 5000;

export const TRIAGE_MESSAGES = {
  status: 'The stage must be new, in_progress or done',
  empty: 'Say what to change: status or assignee_id',
  assigneeNotMember: 'Only a member of this form’s workspace can be assigned',
  commentRequired: 'Write a comment',
  commentTooLong: `A comment is at most ${COMMENT_MAX} characters`,
  mentionNotMember: 'Only members of this form’s workspace can be mentioned',
  commentNotFound: 'Comment not found',
  notYourComment: 'Only its author or an admin can delete a comment',
} as const;

/** A member as a triage shows them (assignee, comment author, mention). */
export const personSchema = z.object({ user_id: z.string(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

/** What the list and one submission carry about the team's work on it. */
export const triageSchema = z.object({
  status: z.enum(TRIAGE_STATUSES),
  assignee: personSchema.nullable(),
  comment_count: z.number().int(),
});
export type Triage = z.infer<typeof triageSchema>;

/** An untouched submission's triage. */
export const UNTOUCHED_TRIAGE: Triage = { status: 'new', assignee: null, comment_count: 0 };

const userIdSchema = z.uuid({ error: TRIAGE_MESSAGES.assigneeNotMember });

/** PATCH …/submissions/:sid/triage: the stage, the assignee (null unassigns), or both. */
export const triageBody = z
  .object({
    status: z.enum(TRIAGE_STATUSES, { error: TRIAGE_MESSAGES.status }).optional(),
    assignee_id: userIdSchema.nullable().optional(),
  })
  .refine((b) => b.status !== undefined || b.assignee_id !== undefined, { error: TRIAGE_MESSAGES.empty });
export type TriageInput = z.infer<typeof triageBody>;

/** A comment on a submission. `mine`: the caller wrote it. */
export const commentSchema = z.object({
  id: z.string(),
  /** Null once the author's account is deleted. */
  author: personSchema.nullable(),
  body: z.string(),
  mentions: z.array(personSchema),
  created_at: z.string(),
  mine: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

/** POST …/comments: the text and the members it mentions (each is mailed). */
export const commentBody = z.object({
  body: z
    .string({ error: TRIAGE_MESSAGES.commentRequired })
    .trim()
    .min(1, { error: TRIAGE_MESSAGES.commentRequired, abort: true })
    .max(COMMENT_MAX, { error: TRIAGE_MESSAGES.commentTooLong }),
  mentions: z
    .array(z.uuid({ error: TRIAGE_MESSAGES.mentionNotMember }))
    .max(50)
    .default([]),
});
export type CommentInput = z.infer<typeof commentBody>;
/** The comment as the web sends it (mentions may be left out). */
export type CommentDraft = z.input<typeof commentBody>;

export const commentListSchema = z.object({ items: z.array(commentSchema) });
export const commentParamsSchema = z.object({ id: z.string(), sid: z.string(), cid: z.string() });

/** GET …/forms/:id/members: who can be assigned and mentioned on the form's submissions. */
export const formMembersSchema = z.object({ items: z.array(personSchema) });

/** The list's `assignee` filter: mine, nobody's, or a member's id. */
export const assigneeFilterSchema = z.union([z.enum(['me', 'none']), z.uuid()]);

/**
 * The members a comment mentions: each whose name follows an "@" in the text, as the comment box
 * offers them. Longer names are tried first, so "@Ann Lee" mentions Ann Lee and not Ann.
 */
export function mentionedIn(text: string, members: readonly Person[]): Person[] {
  const lower = text.toLowerCase();
  const byLength = [...members].sort((a, b) => b.name.length - a.name.length);
  const found: Person[] = [];
  const taken: [number, number][] = [];
  for (const member of byLength) {
    const needle = `@${member.name.toLowerCase()}`;
    if (member.name.trim() === '') continue;
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      const next = lower.charAt(end);
      // A mention ends where the name does: "@Ann" does not mention "Anna".
      if (next && /[\p{L}\p{N}_]/u.test(next)) continue;
      if (taken.some(([s, e]) => at < e && end > s)) continue;
      taken.push([at, end]);
      if (!found.includes(member)) found.push(member);
      break;
    }
  }
  return members.filter((m) => found.includes(m));
}

import { randomUUID } from 'node:crypto';
import {
  type Comment,
  type CommentInput,
  TRIAGE_MESSAGES,
  type Triage,
  type TriageInput,
  type TriageStatus,
  UNTOUCHED_TRIAGE,
} from '@formsmith/core/submissions/triage';
import { roleAllows, type WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { submissionComments, submissions } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { type Keyring, openSecret, type SecretColumns, sealSecret } from '../../lib/encryption/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { assignedMail, mentionMail } from '../../mail/templates.ts';
import { memberMailChoices, workspacePeople } from '../workspaces/index.ts';
import type { OwnedForm } from './repository.ts';

// A team's work on a submission: its stage, its assignee and the members' comments. Only members
// of the form's workspace can be assigned or mentioned; a mention is mailed in the same
// transaction as the comment that makes it.

/** The members of the form's workspace, by name: who can be assigned and mentioned. */
export function formMembers(db: DbOrTx, form: Pick<OwnedForm, 'workspaceId'>) {
  return workspacePeople(db, form.workspaceId);
}

/** The list's triage filters: `assignee` (me, none or a member's id) and `triage` (a stage). */
export function triageConditions(
  query: { assignee?: string; triage?: TriageStatus },
  callerId: string,
): SQL[] {
  const conds: SQL[] = [];
  if (query.assignee === 'none') conds.push(isNull(submissions.assigneeId));
  else if (query.assignee) {
    conds.push(eq(submissions.assigneeId, query.assignee === 'me' ? callerId : query.assignee));
  }
  if (query.triage === 'new') conds.push(isNull(submissions.triageStatus));
  else if (query.triage) conds.push(eq(submissions.triageStatus, query.triage));
  return conds;
}

type TriageRow = {
  id: string;
  triage_status: Exclude<TriageStatus, 'new'> | null;
  assignee_id: string | null;
  assignee_name: string | null;
  comment_count: number;
};

/** The triage of each of `ids` (one query for a page), by submission id. */
export async function loadTriage(db: DbOrTx, ids: readonly string[]): Promise<Map<string, Triage>> {
  const byId = new Map<string, Triage>();
  if (ids.length === 0) return byId;
  const rows = await queryRows<TriageRow>(
    db,
    sql`select s.id, s.triage_status, s.assignee_id, u.name as assignee_name,
          (select count(*)::int from submission_comments c where c.submission_id = s.id) as comment_count
        from submissions s left join users u on u.id = s.assignee_id
        where s.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  for (const r of rows) {
    byId.set(r.id, {
      status: r.triage_status ?? 'new',
      assignee: r.assignee_id ? { user_id: r.assignee_id, name: r.assignee_name ?? '' } : null,
      comment_count: r.comment_count,
    });
  }
  return byId;
}

/** Submissions as the list and the detail send them: each with its triage. */
export async function withTriage<T extends { id: string }>(
  db: DbOrTx,
  items: T[],
): Promise<(T & { triage: Triage })[]> {
  const triage = await loadTriage(
    db,
    items.map((i) => i.id),
  );
  return items.map((i) => ({
    ...i,
    triage: triage.get(i.id) ?? UNTOUCHED_TRIAGE,
  }));
}

/** The submission's id when it belongs to the form; 404 otherwise. */
async function requireSubmission(db: DbOrTx, formId: number, submissionId: string): Promise<string> {
  if (isUuid(submissionId)) {
    const [row] = await db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.formId, formId), eq(submissions.id, submissionId)));
    if (row) return row.id;
  }
  throw notFound('Submission not found');
}

/**
 * Changes a submission's stage, its assignee, or both; returns its triage as it now is. A member
 * it is newly assigned to (by someone else) is mailed a link to it, in the same transaction,
 * unless they turned assignment mail off in the workspace.
 */
export async function changeTriage(
  app: FastifyInstance,
  form: OwnedForm,
  submissionId: string,
  by: { id: string; name: string },
  input: TriageInput,
): Promise<Triage> {
  return app.db.transaction(async (tx) => {
    const id = await requireSubmission(tx, form.id, submissionId);
    const assignee = input.assignee_id;
    const people = assignee ? await formMembers(tx, form) : [];
    const member = people.find((m) => m.user_id === assignee);
    if (assignee && !member) throw badRequest(TRIAGE_MESSAGES.assigneeNotMember);
    const changes: Partial<typeof submissions.$inferInsert> = {};
    // "new" is stored as nothing, the same as a submission nobody touched.
    if (input.status !== undefined) changes.triageStatus = input.status === 'new' ? null : input.status;
    if (assignee !== undefined) changes.assigneeId = assignee;
    const [before] = await queryRows<{ assignee_id: string | null }>(
      tx,
      sql`select assignee_id from submissions where id = ${id} for update`,
    );
    await tx.update(submissions).set(changes).where(eq(submissions.id, id));
    if (member && member.user_id !== by.id && before?.assignee_id !== member.user_id) {
      const choices = await memberMailChoices(tx, form.workspaceId, [member.user_id]);
      if (choices.get(member.user_id)?.assigned !== false) {
        await app.mailer.queue(
          tx,
          assignedMail({
            to: member.email,
            name: member.name,
            by: by.name,
            form: form.title,
            link: submissionLink(app, form.id, id),
          }),
        );
      }
    }
    return (await loadTriage(tx, [id])).get(id)!;
  });
}

/** Where a mail about one submission leads: the submissions page, open at it. */
const submissionLink = (app: FastifyInstance, formId: number, id: string) =>
  `${app.config.publicUrl}/forms/${formId}/submissions?submission=${id}`;

/**
 * A comment's body is sealed at rest like the answers it talks about: a copy of the database alone
 * does not reveal what a team wrote about a respondent. The key command re-seals it (and bodies
 * kept in clear before) under a new key.
 */
export const COMMENT_BODY_COLUMNS: SecretColumns = {
  table: 'submission_comments',
  key: 'id',
  columns: ['body'],
  context: (commentId) => `submission_comments.body:${commentId}`,
};

type CommentRow = {
  id: string;
  author_id: string | null;
  author_name: string | null;
  body: string;
  mentions: string[];
  created_at: string | Date;
};

/** The comments on a submission, oldest first, with the names of those they mention. */
export async function listComments(
  db: DbOrTx,
  keyring: Keyring,
  form: OwnedForm,
  submissionId: string,
  callerId: string,
): Promise<Comment[]> {
  const id = await requireSubmission(db, form.id, submissionId);
  const rows = await queryRows<CommentRow>(
    db,
    sql`select c.id, c.author_id, u.name as author_name, c.body, c.mentions, c.created_at
        from submission_comments c left join users u on u.id = c.author_id
        where c.submission_id = ${id} order by c.created_at, c.id`,
  );
  const mentioned = [...new Set(rows.flatMap((r) => r.mentions))];
  const names = new Map<string, string>();
  if (mentioned.length > 0) {
    const people = await queryRows<{ id: string; name: string }>(
      db,
      sql`select id, name from users where id in (${sql.join(
        mentioned.map((m) => sql`${m}::uuid`),
        sql`, `,
      )})`,
    );
    for (const p of people) names.set(p.id, p.name);
  }
  return rows.map((r) => ({
    id: r.id,
    author: r.author_id ? { user_id: r.author_id, name: r.author_name ?? '' } : null,
    body: openSecret(keyring, r.body, COMMENT_BODY_COLUMNS.context(r.id)),
    // A mentioned account deleted since drops out of the list.
    mentions: r.mentions.filter((m) => names.has(m)).map((m) => ({ user_id: m, name: names.get(m)! })),
    created_at: new Date(r.created_at).toISOString(),
    mine: r.author_id === callerId,
  }));
}

/**
 * What one account wrote on submissions, for its own data export: its words, with where they
 * stand, and nothing of the answers they are about.
 */
export async function commentsByAuthor(db: DbOrTx, keyring: Keyring, authorId: string) {
  const rows = await queryRows<{
    id: string;
    submission_id: string;
    form_id: number;
    body: string;
    created_at: string | Date;
  }>(
    db,
    sql`select c.id, c.submission_id, s.form_id, c.body, c.created_at
        from submission_comments c join submissions s on s.id = c.submission_id
        where c.author_id = ${authorId} order by c.created_at, c.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    submission_id: r.submission_id,
    form_id: r.form_id,
    body: openSecret(keyring, r.body, COMMENT_BODY_COLUMNS.context(r.id)),
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/**
 * Adds a comment; each member it mentions (but its author, and those who turned mention mail off
 * in the workspace) is mailed it with a link to the submission, in the same transaction. Mentioning anyone outside the workspace is refused and
 * nothing is kept.
 */
export async function addComment(
  app: FastifyInstance,
  form: OwnedForm,
  submissionId: string,
  author: { id: string; name: string },
  input: CommentInput,
): Promise<Comment> {
  const { body, mentions } = input;
  const unique = [...new Set(mentions)];
  return app.db.transaction(async (tx) => {
    const id = await requireSubmission(tx, form.id, submissionId);
    const members = await formMembers(tx, form);
    const byId = new Map(members.map((m) => [m.user_id, m]));
    if (unique.some((m) => !byId.has(m))) throw badRequest(TRIAGE_MESSAGES.mentionNotMember);
    const commentId = randomUUID();
    const sealed = sealSecret(app.keyring, body, COMMENT_BODY_COLUMNS.context(commentId));
    const [made] = await tx
      .insert(submissionComments)
      .values({ id: commentId, submissionId: id, authorId: author.id, body: sealed, mentions: unique })
      .returning();
    const link = submissionLink(app, form.id, id);
    const mentioned = unique.filter((userId) => userId !== author.id);
    const choices = await memberMailChoices(tx, form.workspaceId, mentioned);
    for (const userId of mentioned) {
      const member = byId.get(userId)!;
      if (choices.get(userId)?.mentions === false) continue;
      await app.mailer.queue(
        tx,
        mentionMail({
          to: member.email,
          name: member.name,
          author: author.name,
          form: form.title,
          comment: body,
          link,
        }),
      );
    }
    return {
      id: made!.id,
      author: { user_id: author.id, name: author.name },
      body,
      mentions: unique.map((m) => ({ user_id: m, name: byId.get(m)!.name })),
      created_at: made!.createdAt.toISOString(),
      mine: true,
    };
  });
}

/** Deletes a comment: its author may, and so may an admin or owner of the workspace. */
export async function deleteComment(
  db: DbOrTx,
  form: OwnedForm,
  input: { submissionId: string; commentId: string; callerId: string; role: WorkspaceRole },
): Promise<void> {
  const id = await requireSubmission(db, form.id, input.submissionId);
  if (!isUuid(input.commentId)) throw notFound(TRIAGE_MESSAGES.commentNotFound);
  const [comment] = await db
    .select({ authorId: submissionComments.authorId })
    .from(submissionComments)
    .where(and(eq(submissionComments.id, input.commentId), eq(submissionComments.submissionId, id)));
  if (!comment) throw notFound(TRIAGE_MESSAGES.commentNotFound);
  if (comment.authorId !== input.callerId && !roleAllows(input.role, 'admin')) {
    throw new AppError('FORBIDDEN_ROLE', 403, TRIAGE_MESSAGES.notYourComment);
  }
  await db.delete(submissionComments).where(eq(submissionComments.id, input.commentId));
}

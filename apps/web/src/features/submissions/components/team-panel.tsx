import {
  mentionedIn,
  type Person,
  TRIAGE_LABELS,
  TRIAGE_STATUSES,
  type Triage,
  type TriageStatus,
  UNTOUCHED_TRIAGE,
} from '@formsmith/core/submissions/triage';
import { roleAllows } from '@formsmith/core/workspaces/roles';
import { MessageSquare, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Badge, Spinner } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select, Textarea } from '../../../components/ui/input.tsx';
import { accessAllows, useFormAccess } from '../../../lib/forms-api/form-access.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import {
  useAddComment,
  useChangeTriage,
  useComments,
  useDeleteComment,
  useFormMembers,
} from '../api/triage.ts';
import { formatDateTime } from '../lib/format.ts';

type PanelProps = { formId: number; submissionId: string };

/** The tone of a stage's badge: new stands out, done recedes. */
export const STAGE_TONES = { new: 'brand', in_progress: 'warning', done: 'success' } as const;

function ErrorLine({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      {error.message}
    </p>
  );
}

/** One option per stage, for the detail's Stage and the table's filter. */
export function StageOptions() {
  return TRIAGE_STATUSES.map((s) => (
    <option key={s} value={s}>
      {TRIAGE_LABELS[s]}
    </option>
  ));
}

/** One option per member, by name (the value is their id). */
export function PeopleOptions({ people }: { people: readonly Person[] }) {
  return people.map((m) => (
    <option key={m.user_id} value={m.user_id}>
      {m.name}
    </option>
  ));
}

/** The submission's stage and assignee; editors and above change them here, viewers read them. */
export function TeamCard({
  formId,
  submissionId,
  triage = UNTOUCHED_TRIAGE,
}: PanelProps & { triage?: Triage }) {
  const members = useFormMembers(formId);
  const access = useFormAccess(formId);
  const canEdit = accessAllows(access.data, 'editor');
  const change = useChangeTriage(formId, submissionId);
  // The assignee may have left the workspace's member list since; they stay selectable until changed.
  const people = [...(members.data?.items ?? [])];
  if (triage.assignee && !people.some((p) => p.user_id === triage.assignee!.user_id))
    people.push(triage.assignee);
  return (
    <Card>
      <CardHeader>
        <h3 className="font-semibold text-slate-900 dark:text-white">Team</h3>
      </CardHeader>
      <CardBody className="space-y-4">
        {members.isPending || access.isPending ? (
          <Spinner label="Loading the team" />
        ) : canEdit ? (
          <>
            <FormField label="Stage">
              <Select
                value={triage.status}
                disabled={change.isPending}
                onChange={(e) => change.mutate({ status: e.target.value as TriageStatus })}
              >
                <StageOptions />
              </Select>
            </FormField>
            <FormField label="Assigned to">
              <Select
                value={triage.assignee?.user_id ?? ''}
                disabled={change.isPending || members.isPending}
                onChange={(e) => change.mutate({ assignee_id: e.target.value || null })}
              >
                <option value="">Nobody</option>
                <PeopleOptions people={people} />
              </Select>
            </FormField>
            <ErrorLine error={change.error} />
          </>
        ) : (
          <dl className="space-y-2 text-sm">
            <div className="flex items-center justify-between gap-2">
              <dt className="text-slate-600 dark:text-slate-400">Stage</dt>
              <dd>
                <Badge tone={STAGE_TONES[triage.status]}>{TRIAGE_LABELS[triage.status]}</Badge>
              </dd>
            </div>
            <div className="flex items-center justify-between gap-2">
              <dt className="text-slate-600 dark:text-slate-400">Assigned to</dt>
              <dd className="text-slate-900 dark:text-white">{triage.assignee?.name ?? 'Nobody'}</dd>
            </div>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}

/** The members' comments, and a box to add one; an "@Name" (typed or picked) mails that member. */
export function CommentsCard({ formId, submissionId }: PanelProps) {
  const me = useCurrentUser().data?.pid;
  const comments = useComments(formId, submissionId);
  const members = useFormMembers(formId);
  // The caller's role in the form's workspace (not the one the switcher shows).
  const role = useFormAccess(formId).data?.role ?? 'viewer';
  const canComment = roleAllows(role, 'editor');
  const everyone = members.data?.items ?? [];
  // Who a mention can reach: in a workspace of one there is nobody to mention, so nothing is offered.
  const others = everyone.filter((m) => m.user_id !== me);
  const add = useAddComment(formId, submissionId);
  const remove = useDeleteComment(formId, submissionId);
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const mentioned = mentionedIn(text, everyone);
  const mailed = mentioned.filter((m) => m.user_id !== me);

  const mention = (userId: string) => {
    const member = everyone.find((m) => m.user_id === userId);
    if (!member) return;
    setText((t) => `${t}${t === '' || /\s$/.test(t) ? '' : ' '}@${member.name} `);
    box.current?.focus();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '') return;
    add.mutate({ body: text, mentions: mentioned.map((m) => m.user_id) }, { onSuccess: () => setText('') });
  };

  return (
    <Card>
      <CardHeader className="flex items-center gap-2">
        <MessageSquare aria-hidden="true" className="h-4 w-4 text-slate-500 dark:text-slate-400" />
        <h3 className="font-semibold text-slate-900 dark:text-white">Comments</h3>
      </CardHeader>
      <CardBody className="space-y-4">
        {comments.isPending ? (
          <Spinner label="Loading comments" />
        ) : comments.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Failed to load comments
          </p>
        ) : comments.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No comments yet.</p>
        ) : (
          <ol className="space-y-3" aria-label="Comments">
            {comments.data.map((c) => (
              <li key={c.id} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 text-sm">
                    <span className="block font-medium text-slate-900 dark:text-white">
                      {c.author?.name ?? 'Deleted account'}
                    </span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {formatDateTime(c.created_at)}
                    </span>
                  </p>
                  {(c.mine || roleAllows(role, 'admin')) && canComment && (
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => remove.mutate(c.id)}
                      disabled={remove.isPending}
                      aria-label={`Delete comment by ${c.author?.name ?? 'a deleted account'}`}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </Button>
                  )}
                </div>
                <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800 dark:text-slate-200">
                  {c.body}
                </p>
              </li>
            ))}
          </ol>
        )}
        <ErrorLine error={remove.error} />
        {canComment && (
          <form onSubmit={submit} className="space-y-3">
            <FormField
              label="Add a comment"
              hint={
                mailed.length > 0
                  ? `${mailed.map((m) => m.name).join(', ')} will be emailed this comment.`
                  : others.length > 0
                    ? 'Type @ and a member’s name, or pick one below, to email them.'
                    : undefined
              }
            >
              <Textarea ref={box} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
            </FormField>
            <div className="flex flex-wrap items-center justify-between gap-2">
              {others.length > 0 && (
                <Select
                  aria-label="Mention a member"
                  className="w-auto max-w-full"
                  value=""
                  onChange={(e) => mention(e.target.value)}
                >
                  <option value="">Mention…</option>
                  <PeopleOptions people={others} />
                </Select>
              )}
              <Button type="submit" className="ml-auto" disabled={add.isPending || text.trim() === ''}>
                {add.isPending ? 'Posting…' : 'Post comment'}
              </Button>
            </div>
            <ErrorLine error={add.error} />
          </form>
        )}
      </CardBody>
    </Card>
  );
}

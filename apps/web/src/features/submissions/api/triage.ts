import { noContentSchema } from '@formsmith/core/http';
import {
  type CommentDraft,
  commentListSchema,
  commentSchema,
  formMembersSchema,
  type TriageInput,
  triageSchema,
} from '@formsmith/core/submissions/triage';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { submissionsKeys } from './query-keys.ts';

const submissionPath = (formId: number, submissionId: string) =>
  `/form-submissions/forms/${formId}/submissions/${encodeURIComponent(submissionId)}`;

/** GET …/forms/:id/members: who can be assigned and mentioned, and the caller's role there. */
export function useFormMembers(formId: number) {
  return useQuery({
    queryKey: submissionsKeys.members(formId),
    queryFn: () => apiRequest(`/form-submissions/forms/${formId}/members`, formMembersSchema),
  });
}

/** GET …/submissions/:sid/comments, oldest first. */
export function useComments(formId: number, submissionId: string) {
  return useQuery({
    queryKey: submissionsKeys.comments(formId, submissionId),
    queryFn: () => apiRequest(`${submissionPath(formId, submissionId)}/comments`, commentListSchema),
    select: (page) => page.items,
  });
}

/**
 * A change to the team's work on a submission; after it the detail, every page of the list (its
 * Team column and filters) and the comments read again.
 */
function useTeamChange<T, R>(
  formId: number,
  submissionId: string,
  change: (path: string, input: T) => Promise<R>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => change(submissionPath(formId, submissionId), input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: submissionsKeys.detail(formId, submissionId) }),
        client.invalidateQueries({ queryKey: submissionsKeys.lists(formId) }),
        client.invalidateQueries({ queryKey: submissionsKeys.comments(formId, submissionId) }),
      ]),
  });
}

/** PATCH …/submissions/:sid/triage: the stage, the assignee, or both. */
export function useChangeTriage(formId: number, submissionId: string) {
  return useTeamChange(formId, submissionId, (path, input: TriageInput) =>
    apiRequest(`${path}/triage`, triageSchema, { method: 'PATCH', body: input }),
  );
}

/** POST …/comments: the members it mentions are mailed. */
export function useAddComment(formId: number, submissionId: string) {
  return useTeamChange(formId, submissionId, (path, input: CommentDraft) =>
    apiRequest(`${path}/comments`, commentSchema, { method: 'POST', body: input }),
  );
}

/** DELETE …/comments/:cid (its author, or an admin). */
export function useDeleteComment(formId: number, submissionId: string) {
  return useTeamChange(formId, submissionId, (path, commentId: string) =>
    apiRequest(`${path}/comments/${commentId}`, noContentSchema, { method: 'DELETE' }),
  );
}

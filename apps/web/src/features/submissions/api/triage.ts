import { noContentSchema } from '@formsmith/core/api';
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

/** After a change: the detail and every page of the list (its Team column and filters) read again. */
function useRefreshTeamViews(formId: number, submissionId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: submissionsKeys.detail(formId, submissionId) }),
      client.invalidateQueries({ queryKey: submissionsKeys.lists(formId) }),
      client.invalidateQueries({ queryKey: submissionsKeys.comments(formId, submissionId) }),
    ]);
}

/** PATCH …/submissions/:sid/triage: the stage, the assignee, or both. */
export function useChangeTriage(formId: number, submissionId: string) {
  const refresh = useRefreshTeamViews(formId, submissionId);
  return useMutation({
    mutationFn: (input: TriageInput) =>
      apiRequest(`${submissionPath(formId, submissionId)}/triage`, triageSchema, {
        method: 'PATCH',
        body: input,
      }),
    onSuccess: refresh,
  });
}

/** POST …/comments: the members it mentions are mailed. */
export function useAddComment(formId: number, submissionId: string) {
  const refresh = useRefreshTeamViews(formId, submissionId);
  return useMutation({
    mutationFn: (input: CommentDraft) =>
      apiRequest(`${submissionPath(formId, submissionId)}/comments`, commentSchema, {
        method: 'POST',
        body: input,
      }),
    onSuccess: refresh,
  });
}

/** DELETE …/comments/:cid (its author, or an admin). */
export function useDeleteComment(formId: number, submissionId: string) {
  const refresh = useRefreshTeamViews(formId, submissionId);
  return useMutation({
    mutationFn: (commentId: string) =>
      apiRequest(`${submissionPath(formId, submissionId)}/comments/${commentId}`, noContentSchema, {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  });
}

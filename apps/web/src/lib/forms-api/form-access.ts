import { type FormAccess, formAccessSchema } from '@formsmith/core/workspaces/api';
import { roleAllows, type WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { seesAnswers } from '@formsmith/core/workspaces/viewer-answers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useCurrentWorkspace } from '../workspaces-api/current-workspace.ts';
import { formsKeys } from './query-keys.ts';

/** GET /api/forms/:id/access: the form's workspace, the caller's role there, and what its viewers read. */
export function useFormAccess(formId: number | undefined) {
  return useQuery({
    queryKey: formsKeys.access(formId ?? 0),
    queryFn: () => apiRequest(`/forms/${formId}/access`, formAccessSchema),
    enabled: formId !== undefined,
  });
}

/** Whether `access` (once known) allows what `needs` allows. */
export function accessAllows(access: { role: WorkspaceRole } | undefined, needs: WorkspaceRole): boolean {
  return access ? roleAllows(access.role, needs) : false;
}

/**
 * The workspace a form is in, or, for a form not saved yet, the current one (where it will be
 * made); undefined while a saved form's access loads.
 */
export function useFormWorkspaceId(formId: number | undefined): number | undefined {
  const current = useCurrentWorkspace().workspace.id;
  const access = useFormAccess(formId);
  return formId === undefined ? current : access.data?.workspace_id;
}

/** Whether `access` (once known) lets the caller read the form's answers, not only its counts. */
export function accessSeesAnswers(access: FormAccess | undefined): boolean {
  return access ? seesAnswers(access.role, access.viewer_answers) : false;
}

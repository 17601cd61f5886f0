import {
  type DeleteSubmissionsResult,
  deleteSubmissionsResultSchema,
} from '@formsmith/core/submissions/delete';
import { apiRequest, sendOnUnload } from '../../../lib/api-client.ts';

const bulkPath = (formId: number) => `/form-submissions/forms/${formId}/submissions/bulk-delete`;

/** POST …/submissions/bulk-delete: deletes them for good, with their files. */
export async function deleteSubmissions(formId: number, ids: string[]): Promise<DeleteSubmissionsResult> {
  return apiRequest(bulkPath(formId), deleteSubmissionsResultSchema, { method: 'POST', body: { ids } });
}

/**
 * The same call for a page that is going away: a keepalive request outlives the tab, so a delete
 * the owner did not undo still happens when they close it during the undo window.
 */
export function sendDeleteOnUnload(formId: number, ids: string[]): void {
  sendOnUnload(bulkPath(formId), 'POST', { ids });
}

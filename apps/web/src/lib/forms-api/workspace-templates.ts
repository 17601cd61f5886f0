import { noContentSchema } from '@formsmith/core/http';
import {
  type SavedTemplate,
  savedTemplateListSchema,
  savedTemplateSchema,
} from '@formsmith/core/templates/saved';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useCurrentWorkspace } from '../workspaces-api/current-workspace.ts';

const templatesKey = (workspaceId: number) => ['workspace-templates', workspaceId] as const;
const base = (workspaceId: number) => `/workspaces/${workspaceId}/templates`;

/** GET /api/workspaces/:id/templates: the templates the workspace's editors saved, newest first. */
export const workspaceTemplatesQueryOptions = (workspaceId: number) =>
  queryOptions({
    queryKey: templatesKey(workspaceId),
    queryFn: async () => (await apiRequest(base(workspaceId), savedTemplateListSchema)).templates,
  });

/** The current workspace's templates. */
export function useWorkspaceTemplates() {
  return useQuery(workspaceTemplatesQueryOptions(useCurrentWorkspace().workspace.id));
}

export type TemplateDetails = { title: string; summary: string };

/** POST /api/workspaces/:id/templates: saves a form of that workspace as one of its templates. */
export function useSaveAsTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateDetails & { formId: number; workspaceId: number }) =>
      apiRequest(base(input.workspaceId), savedTemplateSchema, {
        method: 'POST',
        body: { form_id: input.formId, title: input.title, summary: input.summary },
      }),
    onSuccess: (saved) => client.invalidateQueries({ queryKey: templatesKey(saved.workspace_id) }),
  });
}

/** PATCH …/templates/:templateId: a new title and summary. */
export function useUpdateTemplate(template: SavedTemplate) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateDetails) =>
      apiRequest(`${base(template.workspace_id)}/${template.id}`, savedTemplateSchema, {
        method: 'PATCH',
        body: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey(template.workspace_id) }),
  });
}

/** DELETE …/templates/:templateId (forms made from it stay as they are). */
export function useDeleteTemplate(template: SavedTemplate) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest(`${base(template.workspace_id)}/${template.id}`, noContentSchema, {
        method: 'DELETE',
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey(template.workspace_id) }),
  });
}

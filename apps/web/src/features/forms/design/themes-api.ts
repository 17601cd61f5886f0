import {
  customCssCheckedSchema,
  type SavedTheme,
  savedThemeSchema,
  type ThemeBody,
  themeListSchema,
} from '@formsmith/core/themes/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const THEMES_KEY = ['themes'] as const;

/**
 * GET /api/themes?workspace_id=: the saved themes of one workspace (each with how many forms use
 * it) and the owner's default; a form's page draws only its own workspace's themes.
 */
export function useSavedThemes(workspaceId: number | undefined) {
  return useQuery({
    queryKey: [...THEMES_KEY, workspaceId],
    queryFn: () => apiRequest('/themes', themeListSchema, { query: { workspace_id: workspaceId } }),
    enabled: workspaceId !== undefined,
  });
}

/**
 * POST /api/themes (a new theme, in the form's workspace) or PUT /api/themes/:id (a change every
 * form using it follows).
 */
export function useSaveTheme(workspaceId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number } & ThemeBody): Promise<SavedTheme> =>
      apiRequest(input.id === undefined ? '/themes' : `/themes/${input.id}`, savedThemeSchema, {
        method: input.id === undefined ? 'POST' : 'PUT',
        query: input.id === undefined ? { workspace_id: workspaceId } : undefined,
        body: { name: input.name, theme: input.theme },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: THEMES_KEY }),
  });
}

/** POST /api/themes/custom-css: the CSS the page would draw, or an ApiError naming its problems. */
export function checkCustomCss(css: string, hosts: string[]): Promise<{ css: string }> {
  return apiRequest('/themes/custom-css', customCssCheckedSchema, { method: 'POST', body: { css, hosts } });
}

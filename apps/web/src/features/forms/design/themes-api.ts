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

/** GET /api/themes: the owner's saved themes (each with how many forms use it) and their default. */
export function useSavedThemes() {
  return useQuery({ queryKey: THEMES_KEY, queryFn: () => apiRequest('/themes', themeListSchema) });
}

/** POST /api/themes (a new theme) or PUT /api/themes/:id (a change every form using it follows). */
export function useSaveTheme() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number } & ThemeBody): Promise<SavedTheme> =>
      apiRequest(input.id === undefined ? '/themes' : `/themes/${input.id}`, savedThemeSchema, {
        method: input.id === undefined ? 'POST' : 'PUT',
        body: { name: input.name, theme: input.theme },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: THEMES_KEY }),
  });
}

/** POST /api/themes/custom-css: the CSS the page would draw, or an ApiError naming its problems. */
export function checkCustomCss(css: string, hosts: string[]): Promise<{ css: string }> {
  return apiRequest('/themes/custom-css', customCssCheckedSchema, { method: 'POST', body: { css, hosts } });
}

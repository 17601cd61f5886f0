import { formFromTemplate, type GalleryTemplate } from '@formsmith/core/templates/template';
import { useMutation } from '@tanstack/react-query';
import { useSaveDraft } from './save-form.ts';

/**
 * POST /api/forms with a template's form (built in, or one of the workspace's): a new draft in
 * the current workspace, answered with its id.
 */
export function useCreateFromTemplate() {
  const saveDraft = useSaveDraft();
  return useMutation({
    mutationFn: async (template: GalleryTemplate) =>
      (await saveDraft({ form: formFromTemplate(template), id: undefined, version: undefined })).id,
  });
}

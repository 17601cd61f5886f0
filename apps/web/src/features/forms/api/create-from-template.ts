import { type FormTemplate, formFromTemplate } from '@formsmith/core/templates/template';
import { useMutation } from '@tanstack/react-query';
import { useSaveDraft } from './save-form.ts';

/** POST /api/forms with a template's form: a new draft, answered with its id. */
export function useCreateFromTemplate() {
  const saveDraft = useSaveDraft();
  return useMutation({
    mutationFn: async (template: FormTemplate) =>
      (await saveDraft({ form: formFromTemplate(template), id: undefined, version: undefined })).id,
  });
}

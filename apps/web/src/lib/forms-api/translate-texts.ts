import { type TranslateBody, translationProposalSchema } from '@formsmith/core/i18n/translate-api';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** POST /api/forms/:id/translate: the configured model's translations of these texts, for review. */
export function translateTexts(input: { formId: number; body: TranslateBody }) {
  return apiRequest(`/forms/${input.formId}/translate`, translationProposalSchema, {
    method: 'POST',
    body: input.body,
  });
}

export function useTranslateTexts() {
  return useMutation({ mutationFn: translateTexts });
}

import type { Form } from '@formsmith/core/forms/form';
import type { TranslatableSource } from '@formsmith/core/i18n/texts';
import { useQuery } from '@tanstack/react-query';
import { confirmationQueryOptions } from '../../../../lib/forms-api/confirmation.ts';
import { formLimitsQueryOptions } from '../../../../lib/forms-api/form-limits.ts';

/** The draft with the texts its settings add: the message when closed, the confirmation mail. */
export type TranslatableForm = Form & Pick<TranslatableSource, 'closedMessage' | 'confirmation'>;

/**
 * The draft with the texts respondents see that live in the form's settings (Submissions →
 * Settings) rather than in the draft, once the stored form's settings are read.
 */
export function useTranslatableForm(form: Form, formId: number | undefined): TranslatableForm {
  const enabled = formId !== undefined;
  const limits = useQuery({ ...formLimitsQueryOptions(formId ?? 0), enabled });
  const confirmation = useQuery({ ...confirmationQueryOptions(formId ?? 0), enabled });
  return {
    ...form,
    ...(limits.data ? { closedMessage: limits.data.closed_message } : {}),
    ...(confirmation.data ? { confirmation: confirmation.data } : {}),
  };
}

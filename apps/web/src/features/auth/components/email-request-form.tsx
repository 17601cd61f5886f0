import { type EmailRequestInput, emailRequestSchema } from '@formsmith/core/auth/api';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useZodForm } from '../hooks/use-zod-form.ts';
import { authErrorMessage, serverFieldErrors } from '../lib/error-message.ts';

type EmailRequestFormProps = {
  /** The mutation that mails the link; the page reads its state too. */
  request: UseMutationResult<unknown, Error, EmailRequestInput>;
  submitLabel: string;
  /** Shown when the request fails without field errors. */
  failedMessage: string;
  initialEmail?: string;
  onSent?: (email: string) => void;
};

/** An email field that asks the server to mail a link (magic link, password reset). */
export function EmailRequestForm({
  request,
  submitLabel,
  failedMessage,
  initialEmail = '',
  onSent,
}: EmailRequestFormProps) {
  const form = useZodForm(emailRequestSchema, { email: initialEmail });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((data) => {
    setFormError(null);
    request.mutate(data, {
      onSuccess: () => onSent?.(data.email),
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) form.setErrors(fields);
        else setFormError(authErrorMessage(error, failedMessage));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <FormField label="Email" error={form.errors.email}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : submitLabel}
      </Button>
    </form>
  );
}

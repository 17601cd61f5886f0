import { isTypedEmailField } from '@formsmith/core/form-settings/confirmation-recipient';
import { type Confirmation, confirmationSchema } from '@formsmith/core/form-settings/schemas';
import type { FormField as FormFieldModel } from '@formsmith/core/forms/field';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { CheckboxField, Input, Select, Textarea } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmation, useUpdateConfirmation } from '../../../lib/forms-api/confirmation.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';

/** The mail a respondent gets after submitting, sent to the address they typed in an email field. */
export function ConfirmationCard({ formId, fields }: { formId: number; fields: FormFieldModel[] }) {
  const settings = useConfirmation(formId);
  // Only fields respondents type into: a hidden or read-only one holds the author's address, not theirs.
  const emailFields = fields.filter(isTypedEmailField);
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-slate-900 dark:text-white">Confirmation mail</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Thank respondents by mail. Write <code>{'{{field_id}}'}</code> to insert an answer.
        </p>
      </CardHeader>
      <CardBody>
        {settings.isPending && <Spinner label="Loading confirmation mail" />}
        {settings.isError && <Alert tone="error">Failed to load the confirmation mail</Alert>}
        {settings.data && (
          <ConfirmationForm formId={formId} initial={settings.data} emailFields={emailFields} />
        )}
      </CardBody>
    </Card>
  );
}

function ConfirmationForm(props: { formId: number; initial: Confirmation; emailFields: FormFieldModel[] }) {
  const [draft, setDraft] = useState<Confirmation>({
    ...props.initial,
    email_field_id: props.initial.email_field_id ?? props.emailFields[0]?.id ?? null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, showSaved] = useTimedValue<string>(2500);
  const save = useUpdateConfirmation(props.formId);
  const set = <K extends keyof Confirmation>(key: K, value: Confirmation[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = confirmationSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => showSaved('Confirmation mail saved'),
      onError: (err) => setErrors(err instanceof ApiError && err.fields ? err.fields : {}),
    });
  };

  if (props.emailFields.length === 0 && !draft.enabled) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Add an email field that respondents fill in to send confirmations.
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <CheckboxField
        className="font-medium"
        checked={draft.enabled}
        onChange={(e) => set('enabled', e.target.checked)}
        label={<>Send a confirmation mail</>}
      />
      <FormField label="Send to the address in" error={errors.email_field_id}>
        <Select
          value={draft.email_field_id ?? ''}
          onChange={(e) => set('email_field_id', e.target.value || null)}
        >
          {props.emailFields.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label || f.id}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Subject" error={errors.subject}>
        <Input value={draft.subject} onChange={(e) => set('subject', e.target.value)} maxLength={200} />
      </FormField>
      <FormField label="Message" error={errors.message}>
        <Textarea
          rows={4}
          value={draft.message}
          onChange={(e) => set('message', e.target.value)}
          maxLength={5000}
        />
      </FormField>
      <CheckboxField
        checked={draft.include_answers}
        onChange={(e) => set('include_answers', e.target.checked)}
        label={<>Include a copy of the answers</>}
      />
      {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
        <Alert tone="error">The confirmation mail could not be saved. Please try again.</Alert>
      )}
      {saved && <Alert tone="success">{saved}</Alert>}
      <Button type="submit" disabled={save.isPending}>
        Save confirmation mail
      </Button>
    </form>
  );
}

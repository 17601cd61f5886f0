import { SAVED_TEMPLATE_LIMITS, SAVED_TEMPLATE_MESSAGES } from '@formsmith/core/templates/saved';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { TemplateDetails } from '../../../lib/forms-api/workspace-templates.ts';

type TemplateDetailsDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** What the fields start with: the form's title (saving) or the template's own (changing). */
  initial: TemplateDetails;
  submitLabel: string;
  /** Saves; a refusal's message shows under its field, or above the buttons. */
  onSubmit: (details: TemplateDetails) => Promise<unknown>;
};

/** A template's title and one-sentence summary: when a form is saved as one, and when it is changed. */
export function TemplateDetailsDialog(props: TemplateDetailsDialogProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title={props.title}
      description={props.description}
    >
      {/* Mounted only while open, so each opening starts from `initial`. */}
      {props.open && <DetailsForm {...props} />}
    </Dialog>
  );
}

function DetailsForm({ initial, submitLabel, onSubmit, onClose }: TemplateDetailsDialogProps) {
  const [title, setTitle] = useState(initial.title);
  const [summary, setSummary] = useState(initial.summary);
  const [errors, setErrors] = useState<{ title?: string; summary?: string; other?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return setErrors({ title: SAVED_TEMPLATE_MESSAGES.titleRequired });
    setBusy(true);
    setErrors({});
    try {
      await onSubmit({ title, summary });
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const message = error instanceof Error ? error.message : 'The template could not be saved';
      setErrors(
        fields.title || fields.summary
          ? { title: fields.title, summary: fields.summary }
          : { other: message },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Template title" error={errors.title} required>
        <Input
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            setErrors(({ title: _, ...rest }) => rest);
          }}
          maxLength={SAVED_TEMPLATE_LIMITS.titleMaxLength}
          autoFocus
        />
      </FormField>
      <FormField
        label="Summary (optional)"
        error={errors.summary}
        hint="One sentence on the card: what the form is for."
      >
        <Input
          value={summary}
          onChange={(e) => setSummary(e.target.value)}
          maxLength={SAVED_TEMPLATE_LIMITS.summaryMaxLength}
        />
      </FormField>
      {errors.other && <Alert tone="error">{errors.other}</Alert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

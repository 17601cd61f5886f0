import type { FormField as FormFieldModel } from '@formsmith/core/forms/field';
import { EMPTY_LOGIC } from '@formsmith/core/logic/definition';
import { useId } from 'react';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { CheckboxField, controlClasses, Input, Select } from '../../../../components/ui/input.tsx';
import { Switch } from '../../../../components/ui/switch.tsx';
import { useEncryption } from '../../../../lib/forms-api/encryption.ts';
import { namesOf } from '../../editor/logic/logic-model.ts';
import { RecallTextarea } from '../../editor/logic/recall-textarea.tsx';
import type { ConfirmationDraft, NotificationsDraft } from '../settings-drafts.ts';
import { SettingsSection, SwitchRow } from './section.tsx';

/** The owner's mail per submission, and the respondent's confirmation mail. */
export function NotificationsSection({
  formId,
  notifications,
  confirmation,
  emailFields,
  fields,
}: {
  formId: number;
  notifications: NotificationsDraft;
  confirmation: ConfirmationDraft;
  /** Fields respondents type their address into: a hidden or read-only one holds the author's. */
  emailFields: FormFieldModel[];
  fields: FormFieldModel[];
}) {
  const { value, set, errors } = confirmation;
  const names = namesOf(fields, EMPTY_LOGIC);
  // The server makes the PDF when the mail goes out: it cannot read an end-to-end encrypted form's answers.
  const sealed = useEncryption(formId).data?.level === 'enhanced';
  return (
    <SettingsSection id="notifications" formError={notifications.errors.form ?? errors.form}>
      <SwitchRow
        id="notify-owner"
        label="Email me each new response"
        hint="To your account's address. Your account's notification settings can turn these off for every form."
        control={
          <Switch
            id="notify-owner"
            checked={notifications.value.notify}
            onCheckedChange={(notify) => notifications.set({ notify })}
            aria-describedby="notify-owner-hint"
          />
        }
      />
      <AttachPdf
        label="Attach the response as a PDF"
        checked={notifications.value.attachPdf}
        onChange={(attachPdf) => notifications.set({ attachPdf })}
        sealed={sealed}
      />
      <div className="space-y-4 border-t border-slate-200 pt-5 dark:border-slate-800">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
          Confirmation mail to the respondent
        </h3>
        {emailFields.length === 0 && !value.enabled ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Add an email question that respondents fill in to send them a confirmation.
          </p>
        ) : (
          <>
            <CheckboxField
              className="font-medium"
              checked={value.enabled}
              onChange={(e) => set({ enabled: e.target.checked })}
              label={<>Send a confirmation mail</>}
            />
            <FormField label="Send to the address in" error={errors.email_field_id}>
              <Select
                value={value.email_field_id ?? ''}
                onChange={(e) => set({ email_field_id: e.target.value || null })}
              >
                {emailFields.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.label || 'Untitled email question'}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Subject" error={errors.subject}>
              <Input
                value={value.subject}
                onChange={(e) => set({ subject: e.target.value })}
                maxLength={200}
              />
            </FormField>
            <FormField label="Message" error={errors.message} hint="Type @ to insert an answer">
              <RecallTextarea
                rows={4}
                className={controlClasses}
                value={value.message}
                names={names}
                onChange={(message) => set({ message })}
                maxLength={5000}
              />
            </FormField>
            <CheckboxField
              checked={value.include_answers}
              onChange={(e) => set({ include_answers: e.target.checked })}
              label={<>Include a copy of the answers</>}
            />
            <AttachPdf
              label="Attach the response as a PDF to the confirmation"
              checked={value.attach_pdf}
              onChange={(attach_pdf) => set({ attach_pdf })}
              sealed={sealed}
            />
          </>
        )}
      </div>
    </SettingsSection>
  );
}

/** "Attach the response as a PDF", off and disabled with the reason on an end-to-end encrypted form. */
function AttachPdf({
  label,
  checked,
  onChange,
  sealed,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  sealed: boolean;
}) {
  const reasonId = useId();
  return (
    <div>
      <CheckboxField
        checked={checked && !sealed}
        disabled={sealed}
        aria-describedby={sealed ? reasonId : undefined}
        onChange={(e) => onChange(e.target.checked)}
        label={label}
      />
      {sealed && (
        <p id={reasonId} className="mt-1 pl-6 text-sm text-slate-600 dark:text-slate-400">
          Not for this form: its answers are encrypted end to end, so the server cannot read them to make a
          PDF.
        </p>
      )}
    </div>
  );
}

import { RETENTION_DAYS, type SubmissionSettings } from '@formsmith/core/submissions/api';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import { useSubmissionSettings, useUpdateSubmissionSettings } from '../api/submission-settings.ts';

const SAVED_MS = 2500;

/** Per-form 'Email Notifications' and 'Data Retention', saved to the server. */
export function SettingsTab({ formId }: { formId: number }) {
  const settings = useSubmissionSettings(formId);
  if (settings.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label="Loading settings" />
      </div>
    );
  }
  if (settings.isError) return <Alert tone="error">Failed to load submission settings</Alert>;
  return <SettingsForm formId={formId} initial={settings.data} />;
}

function SettingsForm({ formId, initial }: { formId: number; initial: SubmissionSettings }) {
  // An unset per-form switch follows the account's setting, which is on unless turned off.
  const [notify, setNotify] = useState(initial.email_notifications ?? true);
  const [retention, setRetention] = useState(
    initial.retention_days === null ? '' : String(initial.retention_days),
  );
  const [saved, showSaved] = useTimedValue<string>(SAVED_MS);
  const save = useUpdateSubmissionSettings(formId);
  const switchId = useId();
  const hintId = useId();

  useEffect(() => {
    setNotify(initial.email_notifications ?? true);
    setRetention(initial.retention_days === null ? '' : String(initial.retention_days));
  }, [initial]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        email_notifications: notify,
        retention_days: RETENTION_DAYS.find((days) => String(days) === retention) ?? null,
      },
      { onSuccess: () => showSaved('Submission settings saved successfully!') },
    );
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-slate-900 dark:text-white">Submission settings</h2>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="max-w-xl space-y-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <label htmlFor={switchId} className="text-sm font-medium text-slate-900 dark:text-white">
                Email Notifications
              </label>
              <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
                Email me each time this form receives a new submission.
              </p>
            </div>
            <Switch id={switchId} checked={notify} onCheckedChange={setNotify} aria-describedby={hintId} />
          </div>
          <FormField label="Data Retention" hint="Older submissions are deleted automatically once a day.">
            <Select value={retention} onChange={(e) => setRetention(e.target.value)}>
              <option value="">Forever</option>
              {[...RETENTION_DAYS].reverse().map((days) => (
                <option key={days} value={String(days)}>
                  {days} days
                </option>
              ))}
            </Select>
          </FormField>
          {save.isError && <Alert tone="error">Failed to save submission settings</Alert>}
          {saved && <Alert tone="success">{saved}</Alert>}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

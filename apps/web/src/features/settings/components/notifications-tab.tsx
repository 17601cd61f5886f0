import type { NotificationSettings } from '@formsmith/core/account/api';
import { type FormEvent, useEffect, useState } from 'react';
import { ReauthCancelledError } from '../../../components/reauth/with-reauth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { Checkbox } from '../../../components/ui/input.tsx';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings.ts';

const OPTIONS: { key: keyof NotificationSettings; label: string; hint: string }[] = [
  {
    key: 'form_submissions',
    label: 'Form submission notifications',
    hint: 'An email for every new submission to the forms you created (a form’s own setting wins when set). In a team workspace you can choose all its forms, or none, on its Members page.',
  },
  {
    key: 'security_alerts',
    label: 'New sign-in alerts',
    hint: 'A mail when your account is signed in to from a device it has not used before. Changes to your password, email, passkeys, authenticator app, recovery codes, API keys and end-to-end encryption are always mailed, whatever this says.',
  },
  { key: 'weekly_digest', label: 'Weekly digest', hint: 'A weekly summary of submissions per form.' },
];

/** Notifications tab: a switch per kind of mail, saved on the server. */
export function NotificationsTab() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const [values, setValues] = useState<NotificationSettings | null>(null);
  const [saved, showSaved] = useTimedValue<string>(2000);

  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    update.mutate(values, { onSuccess: () => showSaved('Notification settings saved successfully!') });
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Notifications</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">Choose which emails Formsmith sends you.</p>
      </CardHeader>
      <CardBody>
        {settings.isPending && <Spinner label="Loading notification settings" />}
        {settings.isError && <Alert tone="error">Failed to load user data</Alert>}
        {values && (
          <form onSubmit={submit} className="space-y-5">
            <fieldset className="space-y-4">
              <legend className="sr-only">Email notifications</legend>
              {OPTIONS.map((option) => (
                <div key={option.key} className="flex items-start gap-3">
                  <Checkbox
                    id={`notify-${option.key}`}
                    className="mt-0.5"
                    checked={values[option.key]}
                    aria-describedby={`notify-${option.key}-hint`}
                    onChange={(event) => setValues({ ...values, [option.key]: event.target.checked })}
                  />
                  <div>
                    <label htmlFor={`notify-${option.key}`} className="text-sm font-medium">
                      {option.label}
                    </label>
                    <p
                      id={`notify-${option.key}-hint`}
                      className="text-sm text-slate-600 dark:text-slate-400"
                    >
                      {option.hint}
                    </p>
                  </div>
                </div>
              ))}
            </fieldset>
            {saved && <Alert tone="success">{saved}</Alert>}
            {update.isError && (
              <Alert tone="error">
                {update.error instanceof ReauthCancelledError
                  ? update.error.message
                  : 'Failed to update notification settings'}
              </Alert>
            )}
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Notification Settings'}
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}

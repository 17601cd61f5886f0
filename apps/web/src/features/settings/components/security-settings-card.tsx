import type { SecuritySettings } from '@formsmith/core/account/api';
import { type FormEvent, useEffect, useState } from 'react';
import { ReauthCancelledError } from '../../../components/reauth/with-reauth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Checkbox, Select } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import { useSecuritySettings, useUpdateSecuritySettings } from '../api/security-settings.ts';

const LOAD_FAILED = 'Unable to load security settings. Please refresh the page or try again later.';

/** Encryption level and GDPR mode (GET/PUT /api/security/settings). */
export function SecuritySettingsCard() {
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  // The stored account-wide retention period is sent back unchanged: it never deleted anything, and
  // how long submissions are kept is each form's own setting.
  const [values, setValues] = useState<SecuritySettings | null>(null);
  const [saved, showSaved] = useTimedValue<string>(2500);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setValues(settings.data);
  }, [settings.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Saving does nothing if the settings were never loaded: there is nothing of the user's to save.
    if (!values) return;
    setError(null);
    update.mutate(values, {
      onSuccess: () => showSaved('Security settings saved successfully!'),
      onError: (err) =>
        setError(
          (err instanceof ApiError && err.status < 500) || err instanceof ReauthCancelledError
            ? err.message
            : 'Failed to update security settings',
        ),
    });
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Security Settings</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Encryption and GDPR mode. How long submissions are kept is set on each form's Settings page.
        </p>
      </CardHeader>
      <CardBody>
        {settings.isPending && <Spinner label="Loading security settings" />}
        {settings.isError && <Alert tone="error">{LOAD_FAILED}</Alert>}
        {values && (
          <form onSubmit={submit} noValidate className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="Encryption Level"
                hint={
                  values.encryption_level === 'enhanced'
                    ? 'New forms start end-to-end encrypted: answers are encrypted in the respondent’s browser and only your passphrase opens them. Set each form’s passphrase in its Settings tab before it takes answers.'
                    : 'New forms start Standard: answers are stored encrypted under the server’s key (a stolen database copy or backup without the key reveals none), readable by whoever runs the server with its key.'
                }
              >
                <Select
                  value={values.encryption_level}
                  onChange={(e) =>
                    setValues({
                      ...values,
                      encryption_level: e.target.value === 'enhanced' ? 'enhanced' : 'standard',
                    })
                  }
                >
                  <option value="standard">Standard (Default)</option>
                  <option value="enhanced">Enhanced (end-to-end)</option>
                </Select>
              </FormField>
            </div>
            <div className="flex items-start gap-3">
              <Checkbox
                id="gdpr-mode"
                className="mt-0.5"
                checked={values.gdpr_enabled}
                aria-describedby="gdpr-mode-hint"
                onChange={(e) => setValues({ ...values, gdpr_enabled: e.target.checked })}
              />
              <div>
                <label htmlFor="gdpr-mode" className="text-sm font-medium">
                  GDPR Compliance Mode
                </label>
                <p id="gdpr-mode-hint" className="text-sm text-slate-600 dark:text-slate-400">
                  Apply stricter data handling to your forms and submissions.
                </p>
              </div>
            </div>
            {error && <Alert tone="error">{error}</Alert>}
            {saved && <Alert tone="success">{saved}</Alert>}
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Security Settings'}
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}

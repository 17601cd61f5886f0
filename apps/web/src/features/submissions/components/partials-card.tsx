import { PARTIALS_MESSAGES, type PartialsSettings } from '@formsmith/core/form-settings/schemas';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import { usePartialsSettings, useUpdatePartialsSettings } from '../api/partials-settings.ts';

const SAVED_MS = 2500;

/** 'Save answers as respondents go' and how long unfinished answers are kept. */
export function PartialsCard({ formId }: { formId: number }) {
  const settings = usePartialsSettings(formId);
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-slate-900 dark:text-white">Unfinished responses</h2>
      </CardHeader>
      <CardBody>
        {settings.isPending ? (
          <Spinner label="Loading settings" />
        ) : settings.isError ? (
          <Alert tone="error">Failed to load these settings</Alert>
        ) : (
          <PartialsForm formId={formId} initial={settings.data} />
        )}
      </CardBody>
    </Card>
  );
}

function PartialsForm({ formId, initial }: { formId: number; initial: PartialsSettings }) {
  const [on, setOn] = useState(initial.save_partials);
  const [days, setDays] = useState(String(initial.partial_retention_days));
  const [error, setError] = useState<string | null>(null);
  const [saved, showSaved] = useTimedValue<string>(SAVED_MS);
  const save = useUpdatePartialsSettings(formId);
  const switchId = useId();
  const hintId = useId();

  useEffect(() => {
    setOn(initial.save_partials);
    setDays(String(initial.partial_retention_days));
  }, [initial]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1 || n > 365) return setError(PARTIALS_MESSAGES.retention);
    setError(null);
    save.mutate({ save_partials: on, partial_retention_days: n }, { onSuccess: () => showSaved('Saved') });
  };

  return (
    <form onSubmit={submit} className="max-w-xl space-y-6" noValidate>
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor={switchId} className="text-sm font-medium text-slate-900 dark:text-white">
            Save answers as respondents go
          </label>
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
            Respondents can leave and continue later, on this device or through a link they get by email.
            Unfinished responses show under 'Incomplete' and never count as submissions.
          </p>
        </div>
        <Switch id={switchId} checked={on} onCheckedChange={setOn} aria-describedby={hintId} />
      </div>
      <FormField
        label="Keep unfinished responses for (days)"
        hint="Deleted with their files once untouched this long."
        error={error ?? undefined}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </FormField>
      {save.isError && <Alert tone="error">Failed to save these settings</Alert>}
      {saved && <Alert tone="success">{saved}</Alert>}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

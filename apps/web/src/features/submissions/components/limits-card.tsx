import { type Limits, limitsBodySchema } from '@formsmith/core/form-settings/schemas';
import { isTimeZone } from '@formsmith/core/form-settings/zoned-time';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Badge, Spinner } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { CheckboxField, Input, Textarea } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFormLimits, useUpdateFormLimits } from '../../../lib/forms-api/form-limits.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Close after N responses, open/close times in the owner's time zone, one response per browser. */
export function LimitsCard({ formId }: { formId: number }) {
  const limits = useFormLimits(formId);
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-slate-900 dark:text-white">Limits and schedule</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A closed form shows “This form is closed” and your message.
        </p>
      </CardHeader>
      <CardBody>
        {limits.isPending && <Spinner label="Loading limits" />}
        {limits.isError && <Alert tone="error">Failed to load limits</Alert>}
        {limits.data && <LimitsForm formId={formId} initial={limits.data} />}
      </CardBody>
    </Card>
  );
}

function LimitsForm({ formId, initial }: { formId: number; initial: Limits }) {
  const [limit, setLimit] = useState(initial.response_limit === null ? '' : String(initial.response_limit));
  const [opensAt, setOpensAt] = useState(initial.opens_at ?? '');
  const [closesAt, setClosesAt] = useState(initial.closes_at ?? '');
  // A form never scheduled shows the owner's own zone; a saved schedule keeps the zone it was set in.
  const [zone, setZone] = useState(
    initial.opens_at || initial.closes_at ? initial.time_zone : isTimeZone(browserZone) ? browserZone : 'UTC',
  );
  const [message, setMessage] = useState(initial.closed_message ?? '');
  const [onePerBrowser, setOnePerBrowser] = useState(initial.one_response_per_browser);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, showSaved] = useTimedValue<string>(2500);
  const save = useUpdateFormLimits(formId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      response_limit: limit.trim() === '' ? null : Number(limit),
      opens_at: opensAt || null,
      closes_at: closesAt || null,
      time_zone: zone,
      closed_message: message,
      one_response_per_browser: onePerBrowser,
    };
    const parsed = limitsBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: () => showSaved('Limits saved'),
      onError: (err) => setErrors(err instanceof ApiError && err.fields ? err.fields : {}),
    });
  };

  const status = save.data ?? initial;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {status.open ? <Badge tone="success">Open</Badge> : <Badge tone="warning">Closed</Badge>}
        {status.response_limit !== null && (
          <span className="text-slate-600 dark:text-slate-400">
            {status.responses_taken} of {status.response_limit} responses
          </span>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Close after this many responses"
          error={errors.response_limit}
          hint="Empty: no limit"
        >
          <Input
            type="number"
            min={1}
            inputMode="numeric"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
          />
        </FormField>
        <FormField label="Time zone" error={errors.time_zone} hint="The times below are in this zone">
          <Input value={zone} onChange={(e) => setZone(e.target.value)} list={`zones-${formId}`} />
        </FormField>
        <FormField label="Opens at" error={errors.opens_at}>
          <Input type="datetime-local" value={opensAt} onChange={(e) => setOpensAt(e.target.value)} />
        </FormField>
        <FormField label="Closes at" error={errors.closes_at}>
          <Input type="datetime-local" value={closesAt} onChange={(e) => setClosesAt(e.target.value)} />
        </FormField>
      </div>
      <datalist id={`zones-${formId}`}>
        {[
          browserZone,
          'UTC',
          'Europe/London',
          'Europe/Berlin',
          'America/New_York',
          'America/Los_Angeles',
          'Asia/Tokyo',
        ].map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <FormField label="Message when closed (optional)" error={errors.closed_message}>
        <Textarea rows={2} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={1000} />
      </FormField>
      <CheckboxField
        checked={onePerBrowser}
        onChange={(e) => setOnePerBrowser(e.target.checked)}
        label={<>One response per browser</>}
      />
      {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
        <Alert tone="error">The limits could not be saved. Please try again.</Alert>
      )}
      {saved && <Alert tone="success">{saved}</Alert>}
      <Button type="submit" disabled={save.isPending}>
        Save limits
      </Button>
    </form>
  );
}

import type { Limits } from '@formsmith/core/form-settings/api';
import { Button } from '../../../../components/ui/button.tsx';
import { Badge } from '../../../../components/ui/feedback.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../../../components/ui/input.tsx';
import { browserZone, type LimitsDraft, type SharingDraft } from '../settings-drafts.ts';
import { SettingsSection } from './section.tsx';

const ZONES = [
  browserZone,
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Tokyo',
];

const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** When the form takes responses and how many: the one place a form is closed. */
export function ScheduleSection({
  formId,
  status,
  limits,
  sharing,
}: {
  formId: number;
  /** What the server last said: open or not, and responses counted. */
  status: Limits;
  limits: LimitsDraft;
  sharing: SharingDraft;
}) {
  const { value, set, errors } = limits;
  // Forms made before closing times existed may carry an expiration date: it is shown here, as a
  // closing time, so there is one answer to "when does this form close".
  const expiration = sharing.value.expirationDate;
  const foldExpiration = () => {
    if (!value.closesAt || value.closesAt > `${expiration}T23:59`) set({ closesAt: `${expiration}T23:59` });
    sharing.set({ expirationDate: '' });
  };
  return (
    <SettingsSection
      id="schedule"
      description="A closed form shows “This form is closed” and your message."
      formError={limits.errors.form}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {status.open ? <Badge tone="success">Open</Badge> : <Badge tone="warning">Closed</Badge>}
        {status.response_limit !== null && (
          <span className="text-slate-600 dark:text-slate-400">
            {status.responses_taken} of {status.response_limit} responses
          </span>
        )}
      </p>
      {expiration && (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40">
          <p>
            This form also closes at the end of {longDate.format(new Date(`${expiration}T12:00`))}, an
            expiration date set before closing times. Make it the closing time below to keep one date.
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            The earlier of the two is kept; then save.
          </p>
          {sharing.errors.expiration_date && (
            <p className="text-red-700 dark:text-red-400">{sharing.errors.expiration_date}</p>
          )}
          <Button size="sm" variant="secondary" onClick={foldExpiration}>
            Use it as the closing time
          </Button>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Opens at" error={errors.opens_at} hint="Empty: open as soon as it is published">
          <Input
            type="datetime-local"
            value={value.opensAt}
            onChange={(e) => set({ opensAt: e.target.value })}
          />
        </FormField>
        <FormField label="Closes at" error={errors.closes_at} hint="Empty: never closes by date">
          <Input
            type="datetime-local"
            value={value.closesAt}
            onChange={(e) => set({ closesAt: e.target.value })}
          />
        </FormField>
        <FormField label="Time zone" error={errors.time_zone} hint="The times above are in this zone">
          <Input
            value={value.zone}
            onChange={(e) => set({ zone: e.target.value })}
            list={`zones-${formId}`}
          />
        </FormField>
        <FormField
          label="Close after this many responses"
          error={errors.response_limit}
          hint="Empty: no limit"
        >
          <Input
            type="number"
            min={1}
            inputMode="numeric"
            value={value.limit}
            onChange={(e) => set({ limit: e.target.value })}
          />
        </FormField>
      </div>
      <datalist id={`zones-${formId}`}>
        {[...new Set(ZONES)].map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <FormField label="Message when closed (optional)" error={errors.closed_message}>
        <Textarea
          rows={2}
          value={value.message}
          onChange={(e) => set({ message: e.target.value })}
          maxLength={1000}
        />
      </FormField>
    </SettingsSection>
  );
}

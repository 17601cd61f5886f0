import { isTimeZone } from '@formsmith/core/form-settings/zoned-time';
import {
  describeReportTiming,
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  type ReportFormat,
  type ReportFrequency,
  type ReportSchedule,
  reportScheduleBodySchema,
  WEEKDAYS,
} from '@formsmith/core/reports/scheduled';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Alert, Badge, Spinner } from '../../../../components/ui/feedback.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input, Select, Textarea } from '../../../../components/ui/input.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { fieldMessages } from '../../../../lib/field-messages.ts';
import { useCurrentUser } from '../../../../lib/session.ts';
import {
  useDeleteScheduledReport,
  useSaveScheduledReport,
  useScheduledReports,
} from '../api/scheduled-reports.ts';
import { browserZone } from '../settings-drafts.ts';

const FORMAT_LABELS: Record<ReportFormat, string> = {
  csv: 'New responses as CSV',
  xlsx: 'New responses as Excel (.xlsx)',
  pdf: "The form's summary as a PDF",
};
const FORMAT_BADGES: Record<ReportFormat, string> = { csv: 'CSV', xlsx: 'Excel', pdf: 'Summary PDF' };
const FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};
const ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

type Draft = {
  format: ReportFormat;
  frequency: ReportFrequency;
  weekday: string;
  monthDay: string;
  time: string;
  zone: string;
  recipients: string;
};

function draftOf(report: ReportSchedule | null, email: string): Draft {
  if (!report) {
    return {
      format: 'csv',
      frequency: 'weekly',
      weekday: '1',
      monthDay: '1',
      time: '08:00',
      // The owner's own zone, as the browser knows it.
      zone: isTimeZone(browserZone) ? browserZone : 'UTC',
      recipients: email,
    };
  }
  return {
    format: report.format,
    frequency: report.frequency,
    weekday: String(report.weekday ?? 1),
    monthDay: String(report.month_day ?? 1),
    time: report.time,
    zone: report.time_zone,
    recipients: report.recipients.join('\n'),
  };
}

const nextRunText = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(
    new Date(iso),
  );

/**
 * A form's scheduled reports: its new responses as CSV or Excel, or its summary as a PDF, mailed
 * daily, weekly or monthly at a time in the owner's zone, to members of its workspace. Add, list,
 * change, delete.
 */
export function ScheduledReportsCard({ formId }: { formId: number }) {
  const reports = useScheduledReports(formId);
  const [editing, setEditing] = useState<ReportSchedule | null>(null);
  return (
    <Card>
      <CardHeader>
        <h3 className="font-semibold text-slate-900 dark:text-white">Scheduled reports</h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Mail the responses submitted since the last report to members of this form's workspace. When nothing
          is new, the mail says so.
        </p>
      </CardHeader>
      <CardBody className="space-y-5">
        <ReportForm
          key={editing?.id ?? 'new'}
          formId={formId}
          report={editing}
          onDone={() => setEditing(null)}
        />
        {reports.isPending && <Spinner label="Loading scheduled reports" />}
        {reports.isError && <Alert tone="error">Failed to load scheduled reports</Alert>}
        {reports.data && reports.data.length > 0 && (
          <ul className="space-y-3" aria-label="Scheduled reports">
            {reports.data.map((report) => (
              <ReportItem
                key={report.id}
                formId={formId}
                report={report}
                editing={editing?.id === report.id}
                onEdit={() => setEditing(report)}
              />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function ReportForm({
  formId,
  report,
  onDone,
}: {
  formId: number;
  report: ReportSchedule | null;
  onDone: () => void;
}) {
  const user = useCurrentUser();
  const [draft, setDraft] = useState<Draft>(() => draftOf(report, user.data?.email ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveScheduledReport(formId);
  const zonesId = useId();
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reportScheduleBodySchema.safeParse({
      format: draft.format,
      frequency: draft.frequency,
      weekday: draft.frequency === 'weekly' ? Number(draft.weekday) : null,
      month_day: draft.frequency === 'monthly' ? Number(draft.monthDay) : null,
      time: draft.time,
      time_zone: draft.zone.trim(),
      recipients: draft.recipients
        .split(/[\s,;]+/)
        .map((r) => r.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(
      { id: report?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          if (!report) setDraft(draftOf(null, user.data?.email ?? ''));
          onDone();
        },
        onError: (err) => setErrors(err instanceof ApiError && err.fields ? err.fields : {}),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={report ? 'Change scheduled report' : 'New scheduled report'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="What">
          <Select value={draft.format} onChange={(e) => set({ format: e.target.value as ReportFormat })}>
            {REPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="How often">
          <Select
            value={draft.frequency}
            onChange={(e) => set({ frequency: e.target.value as ReportFrequency })}
          >
            {REPORT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABELS[f]}
              </option>
            ))}
          </Select>
        </FormField>
        {draft.frequency === 'weekly' && (
          <FormField label="Day" error={errors.weekday}>
            <Select value={draft.weekday} onChange={(e) => set({ weekday: e.target.value })}>
              {WEEKDAYS.map((day, i) => (
                <option key={day} value={String(i + 1)}>
                  {day}
                </option>
              ))}
            </Select>
          </FormField>
        )}
        {draft.frequency === 'monthly' && (
          <FormField
            label="Day of the month"
            error={errors.month_day}
            hint="A shorter month sends on its last day"
          >
            <Select value={draft.monthDay} onChange={(e) => set({ monthDay: e.target.value })}>
              {Array.from({ length: 31 }, (_, i) => String(i + 1)).map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </Select>
          </FormField>
        )}
        <FormField label="Time" error={errors.time}>
          <Input type="time" value={draft.time} onChange={(e) => set({ time: e.target.value })} />
        </FormField>
        <FormField label="Time zone" error={errors.time_zone} hint="Summer time is followed">
          <Input value={draft.zone} onChange={(e) => set({ zone: e.target.value })} list={zonesId} />
        </FormField>
      </div>
      <datalist id={zonesId}>
        {ZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <FormField
        label="Recipients"
        error={errors.recipients}
        hint="Email addresses of members of this form's workspace, one per line"
      >
        <Textarea rows={2} value={draft.recipients} onChange={(e) => set({ recipients: e.target.value })} />
      </FormField>
      {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
        <Alert tone="error">The report could not be saved. Please try again.</Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {report ? 'Save report' : 'Add report'}
        </Button>
        {report && (
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function ReportItem(props: { formId: number; report: ReportSchedule; editing: boolean; onEdit: () => void }) {
  const { report } = props;
  const remove = useDeleteScheduledReport(props.formId);
  const timing = describeReportTiming(report);
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{FORMAT_BADGES[report.format]}</Badge>
        <span className="text-sm font-medium text-slate-900 dark:text-white">{timing}</span>
      </div>
      <p className="break-all text-sm text-slate-700 dark:text-slate-300">
        To {report.recipients.join(', ')}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Next: {nextRunText(report.next_run_at, report.time_zone)}
        {report.last_sent_at && ` · Last: ${nextRunText(report.last_sent_at, report.time_zone)}`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Edit report: ${timing}`}
          aria-pressed={props.editing}
          onClick={props.onEdit}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="danger"
          aria-label={`Delete report: ${timing}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(report.id)}
        >
          Delete
        </Button>
      </div>
      {remove.isError && <Alert tone="error">The report could not be deleted. Please try again.</Alert>}
    </li>
  );
}

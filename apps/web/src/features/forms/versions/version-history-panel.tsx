import {
  FORM_HISTORY_LABELS,
  type FormHistoryEntry,
  type FormVersionSummary,
} from '@formsmith/core/forms/versions';
import { History, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Alert, Badge, Spinner } from '../../../components/ui/feedback.tsx';
import { useVersions } from '../../../lib/forms-api/list-versions.ts';
import { useRestoreVersion } from '../../../lib/forms-api/restore-version.ts';
import type { StoredForm } from '../../../lib/forms-api/stored-form.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type PanelProps = {
  formId: number;
  /** Called with the form whose draft now holds the restored version. */
  onRestored: (form: StoredForm) => void;
};

/** Changes to the form's end-to-end encryption, newest first: a switch back to Standard is never silent. */
function ProtectionHistory({ entries }: { entries: FormHistoryEntry[] }) {
  return (
    <section
      aria-labelledby="protection-history"
      className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h3 id="protection-history" className="text-sm font-semibold text-slate-900 dark:text-white">
        Encryption changes
      </h3>
      <ol aria-labelledby="protection-history" className="mt-2 space-y-3">
        {entries.map((entry) => {
          const Icon = entry.kind === 'encryption_on' ? ShieldCheck : ShieldAlert;
          return (
            <li key={`${entry.at}-${entry.kind}`} className="flex items-start gap-2 text-sm">
              <Icon
                aria-hidden="true"
                className="mt-0.5 h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400"
              />
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900 dark:text-white">
                  {FORM_HISTORY_LABELS[entry.kind]}
                </p>
                <p className="break-words text-slate-600 dark:text-slate-400">
                  {dateTime.format(new Date(entry.at))} ·{' '}
                  {entry.by === 'api_key' ? 'with an API key' : 'in a signed-in session'}
                  {entry.ip ? ` from ${entry.ip}` : ''}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * 'Version history': every published version, which one respondents get, and a way to bring an
 * older one back into the draft (respondents keep the live one until it is published).
 */
export function VersionHistoryPanel({ formId, onRestored }: PanelProps) {
  const versions = useVersions(formId);
  const [confirming, setConfirming] = useState<FormVersionSummary | null>(null);
  const restore = useRestoreVersion();

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <History aria-hidden="true" className="h-4 w-4" />
          Version history
        </h2>
      </CardHeader>
      <CardBody>
        {versions.isPending ? (
          <Spinner label="Loading versions" />
        ) : versions.isError ? (
          <Alert tone="error">Failed to load the version history.</Alert>
        ) : versions.data.versions.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Each time you publish, the published form is kept here.
          </p>
        ) : (
          <ol aria-label="Published versions" className="divide-y divide-slate-200 dark:divide-slate-800">
            {versions.data.versions.map((v) => (
              <li key={v.number} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
                    Version {v.number}
                    {v.is_live && <Badge tone="success">Live</Badge>}
                  </p>
                  <p className="break-words text-slate-600 dark:text-slate-400">
                    {dateTime.format(new Date(v.published_at))} · {v.title} · {v.field_count}{' '}
                    {v.field_count === 1 ? 'field' : 'fields'}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="shrink-0"
                  onClick={() => setConfirming(v)}
                  aria-label={`Restore version ${v.number}`}
                >
                  Restore
                </Button>
              </li>
            ))}
          </ol>
        )}
        {versions.data && versions.data.history.length > 0 ? (
          <ProtectionHistory entries={versions.data.history} />
        ) : null}
      </CardBody>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Restore version ${confirming?.number ?? ''}?`}
        description="Its title, description and fields replace your draft. Respondents keep the live version until you publish."
      >
        {restore.isError && <Alert tone="error">Failed to restore the version. Please try again.</Alert>}
        <div className="mt-4 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button
            disabled={restore.isPending}
            onClick={() =>
              confirming &&
              restore.mutate(
                { id: formId, number: confirming.number },
                {
                  onSuccess: (form) => {
                    setConfirming(null);
                    onRestored(form);
                  },
                },
              )
            }
          >
            {restore.isPending ? 'Restoring…' : 'Restore to draft'}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}

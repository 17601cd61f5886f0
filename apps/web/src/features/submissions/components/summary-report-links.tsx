import { type AnalyticsRange, rangeStartDate } from '@formsmith/core/analytics/format';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../components/ui/error-boundary.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { useEncryption } from '../../../lib/forms-api/encryption.ts';
import { downloadSummaryPdf } from '../api/summary-report.ts';

/**
 * The analytics tab's way to the summary report of the range shown: its printable page, or the
 * server's PDF to hand on. Not for an end-to-end encrypted form: the server cannot read its answers.
 */
export function SummaryReportLinks({
  formId,
  title,
  range,
}: {
  formId: number;
  title: string;
  range: AnalyticsRange;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const encryption = useEncryption(formId);
  const now = new Date();
  const from = rangeStartDate(range, now);
  const to = now.toISOString().slice(0, 10);
  const search = new URLSearchParams(from ? { from, to } : { to }).toString();
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      // Without a first day the server starts at the form's first.
      await downloadSummaryPdf({ formId, title, from, to });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  if (encryption.data?.key) return null;
  return (
    <section
      aria-labelledby="summary-report-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h3 id="summary-report-title" className="text-sm font-semibold">
          Summary report
        </h3>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          These figures on paper, for people who never open the app.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link className={buttonClasses('secondary', 'sm')} to={`/forms/${formId}/report?${search}`}>
          <FileText aria-hidden="true" className="h-4 w-4" />
          Print
        </Link>
        <Button size="sm" onClick={download} disabled={busy}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {busy ? 'Preparing…' : 'Download PDF'}
        </Button>
      </div>
      {error && (
        <div className="w-full">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </section>
  );
}
